/**
 * Saving a file the browser already holds (a fetched attachment, a text the user wrote) under a
 * chosen name: My Edits downloads (001 §7), "Download my data" (D35) and the YouTube article
 * (001 §2, `youtube-article.txt`).
 */

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
