import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareOrCopy, shareUrl } from './share-link';

const TARGET = { url: 'http://localhost:3000/share/a', title: 'Magic Editor', text: 'add snow falling' };

/** Gives navigator a share sheet and a clipboard (or takes either away) for one test. */
function browserWith({ share, writeText }: { share?: (data: ShareData) => Promise<void>; writeText?: (text: string) => Promise<void> }) {
  vi.stubGlobal('navigator', { ...navigator, share, clipboard: writeText ? { writeText } : undefined });
}

function domError(name: string): DOMException {
  return new DOMException('refused', name);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** 000 §8 "Share": the system share sheet first; when there is none, the link is copied. */
describe('shareOrCopy', () => {
  it('opens the share sheet when the browser has one, and copies nothing', async () => {
    const share = vi.fn(async () => undefined);
    const writeText = vi.fn(async () => undefined);
    browserWith({ share, writeText });
    expect(await shareOrCopy(TARGET)).toBe('shared');
    expect(share).toHaveBeenCalledWith(TARGET);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when the browser has no share sheet', async () => {
    const writeText = vi.fn(async () => undefined);
    browserWith({ writeText });
    expect(await shareOrCopy(TARGET)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(TARGET.url);
  });

  it('does nothing more when the user closes the share sheet', async () => {
    const writeText = vi.fn(async () => undefined);
    browserWith({ share: async () => Promise.reject(domError('AbortError')), writeText });
    expect(await shareOrCopy(TARGET)).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('copies the link when the share sheet refuses for another reason', async () => {
    const writeText = vi.fn(async () => undefined);
    browserWith({ share: async () => Promise.reject(domError('NotAllowedError')), writeText });
    expect(await shareOrCopy(TARGET)).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(TARGET.url);
  });

  it('fails when there is neither a share sheet nor a clipboard that takes the link', async () => {
    browserWith({});
    expect(await shareOrCopy(TARGET)).toBe('failed');
    browserWith({ writeText: async () => Promise.reject(domError('NotAllowedError')) });
    expect(await shareOrCopy(TARGET)).toBe('failed');
  });
});

describe('shareUrl', () => {
  it("is the absolute address of the edit's share page on this site", () => {
    expect(shareUrl('0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11')).toBe(`${window.location.origin}/share/0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11`);
    expect(shareUrl('a/b')).toBe(`${window.location.origin}/share/a%2Fb`);
  });
});
