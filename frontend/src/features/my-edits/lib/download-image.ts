/**
 * Download on a My Edits card (001 §7): the attachment GET /api/images/{id}/download is fetched
 * as a blob and saved under the name the server gives (`magic-editor-{id}.{jpg|png|webp}`), or
 * one built the same way when it gives none.
 */

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** Keeps a file name a plain name: no folders, no control characters. */
function plainName(name: string): string | null {
  const base = name.split(/[\\/]/).pop()?.replace(/[\u0000-\u001f"]/g, '').trim() ?? '';
  return base === '' || base === '.' || base === '..' ? null : base;
}

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` first, then `filename=`). */
export function fileNameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      const name = plainName(decodeURIComponent(extended[1].trim().replace(/^"|"$/g, '')));
      if (name) return name;
    } catch {
      // A broken encoding: try the plain parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]*))/i.exec(header);
  const value = plain?.[1] ?? plain?.[2];
  return value ? plainName(value) : null;
}

/** The name used when the server sends none: the product name, the image id, the type's extension. */
export function fallbackFileName(imageId: string, contentType: string | null | undefined): string {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return `magic-editor-${imageId}.${EXTENSIONS[type] ?? 'jpg'}`;
}

/** Saves `blob` as a file through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers read the object URL after click() returns; it is freed a moment later.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
  }
}

/** Fetches the image's attachment with the session cookie and saves it; rejects on any failure. */
export async function downloadImage(downloadUrl: string, imageId: string): Promise<string> {
  const response = await fetch(new URL(downloadUrl, globalThis.location.href).href, { credentials: 'include' });
  if (!response.ok) throw new Error(`Download failed with status ${response.status}`);
  const blob = await response.blob();
  const fileName =
    fileNameFromDisposition(response.headers.get('Content-Disposition')) ??
    fallbackFileName(imageId, response.headers.get('Content-Type') ?? blob.type);
  saveBlob(blob, fileName);
  return fileName;
}
