import { saveBlob } from '../../../shared/lib/save-file';

/** 001 §2: Download saves the article under exactly this name. */
export const ARTICLE_FILE_NAME = 'youtube-article.txt';

/** Saves `text` as a UTF-8 text file named `fileName`. */
export function downloadText(text: string, fileName: string = ARTICLE_FILE_NAME): void {
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);
}

/** Copies `text` to the clipboard; false when the browser would not. */
export async function copyText(text: string): Promise<boolean> {
  try {
    const clipboard = globalThis.navigator?.clipboard;
    if (!clipboard) return false;
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
