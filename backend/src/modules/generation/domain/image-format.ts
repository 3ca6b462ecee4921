/**
 * D12: an upload's type is decided by its content (magic bytes), never by its name or the
 * Content-Type header the browser sent. Plain TypeScript (rule 1).
 */
export type UploadMimeType = 'image/jpeg' | 'image/png';
export type StoredMimeType = UploadMimeType | 'image/webp';

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

/** JPEG (FF D8 FF) or PNG (89 50 4E 47 0D 0A 1A 0A); anything else (GIF, text, WebP…) is null. */
export function sniffUploadType(bytes: Uint8Array): UploadMimeType | null {
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, PNG)) return 'image/png';
  return null;
}

/** What a model may answer with: JPEG, PNG or WebP ("RIFF" ???? "WEBP"). */
export function sniffStoredType(bytes: Uint8Array): StoredMimeType | null {
  const upload = sniffUploadType(bytes);
  if (upload) return upload;
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** D12: the pixel limit (UPLOAD_MAX_MEGAPIXELS), read from the header before anything is decoded. */
export function exceedsPixelLimit(width: number, height: number, maxMegapixels: number): boolean {
  return width * height > maxMegapixels * 1_000_000;
}
