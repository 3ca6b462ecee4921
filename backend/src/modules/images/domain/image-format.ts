/**
 * The formats the image store holds and serves. Plain TypeScript (rule 1). Deciding an upload's
 * type by its content (D12) and reading a model's answer are generation's business; this is only
 * what a stored row may say and the name a download gets (D0).
 */
export type OriginalMimeType = 'image/jpeg' | 'image/png';
export type StoredMimeType = OriginalMimeType | 'image/webp';

const EXTENSIONS: Record<StoredMimeType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** D0: the download name's extension is the stored format's. */
export function extensionFor(mimeType: StoredMimeType): string {
  return EXTENSIONS[mimeType];
}

/** D0: `magic-editor-{imageId}.{ext}`. */
export function downloadFilename(imageId: string, mimeType: StoredMimeType): string {
  return `magic-editor-${imageId}.${extensionFor(mimeType)}`;
}

export function isStoredMimeType(value: string | null | undefined): value is StoredMimeType {
  return value === 'image/jpeg' || value === 'image/png' || value === 'image/webp';
}
