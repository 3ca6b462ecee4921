/**
 * Download on a My Edits card (001 §7): the attachment GET /api/images/{id}/download is fetched
 * as a blob and saved under the name the server gives (`magic-editor-{id}.{jpg|png|webp}`), or
 * one built the same way when it gives none.
 */

import { fileNameFromDisposition, saveBlob } from '../../../shared/lib/save-file';

const EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The name used when the server sends none: the product name, the image id, the type's extension. */
export function fallbackFileName(imageId: string, contentType: string | null | undefined): string {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return `magic-editor-${imageId}.${EXTENSIONS[type] ?? 'jpg'}`;
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
