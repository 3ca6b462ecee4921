import { sharePath } from '@page-meta/page-meta';

/** What happened when the user shared an edit (000 §8 "Share"). */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export interface ShareTarget {
  /** Absolute address of the edit's share page. */
  url: string;
  title: string;
  text: string;
}

/** The absolute address of an edit's public share page, /share/{id} (issue 15). */
export function shareUrl(imageId: string): string {
  return new URL(sharePath(imageId), globalThis.location.origin).href;
}

/** Copies the text; false when the browser has no clipboard or refused. */
export async function copyText(text: string): Promise<boolean> {
  const nav = globalThis.navigator as Navigator | undefined;
  try {
    if (!nav?.clipboard) return false;
    await nav.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The system share sheet when the browser has one; otherwise (or when it fails for a reason
 * other than the user closing it) the link is copied to the clipboard (000 §8).
 */
export async function shareOrCopy(target: ShareTarget): Promise<ShareOutcome> {
  const nav = globalThis.navigator as Navigator | undefined;
  if (typeof nav?.share === 'function') {
    try {
      await nav.share(target);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // NotAllowedError and the like: fall back to copying.
    }
  }
  return (await copyText(target.url)) ? 'copied' : 'failed';
}
