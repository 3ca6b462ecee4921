/** What happened when the user shared a result (000 §8 "Share"). */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export interface ShareTarget {
  /** Absolute address of the generated image. */
  url: string;
  title: string;
  text: string;
}

/** An address the server gave (e.g. "/api/images/7") as an absolute link anyone can open. */
export function absoluteUrl(path: string): string {
  return new URL(path, globalThis.location.origin).href;
}

/**
 * The system share sheet when the browser has one; otherwise (or when it fails for a reason
 * other than the user closing it) the link is copied to the clipboard.
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
  try {
    if (!nav?.clipboard) return 'failed';
    await nav.clipboard.writeText(target.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
