import { PUBLIC_PAGES } from '../crawler-files.middleware';
import {
  PAGE_META,
  UNAVAILABLE_SHARE_META,
  pageMetaFor,
  publicPagePath,
  quotePrompt,
  shareIdOf,
  sharePath,
  sharedEditMeta,
  truncate,
} from './page-meta';

describe('page meta (issue 15)', () => {
  it('has a title and a description for every page the sitemap lists', () => {
    for (const page of PUBLIC_PAGES) {
      const meta = pageMetaFor(page);
      expect(meta).not.toBeNull();
      expect(meta!.title.length).toBeGreaterThan(0);
      expect(meta!.description.length).toBeGreaterThan(40);
    }
  });

  it('gives each public page its own title and description (the landing page and its /sales twin aside)', () => {
    const entries = Object.entries(PAGE_META).filter(([p]) => p !== '/sales' && p !== '/tools/photo-editor');
    expect(new Set(entries.map(([, m]) => m.title)).size).toBe(entries.length);
    expect(new Set(entries.map(([, m]) => m.description)).size).toBe(entries.length);
    // Search results cut titles at about 60 characters and descriptions at about 160.
    for (const [, meta] of entries) {
      expect(meta.title.length).toBeLessThanOrEqual(60);
      expect(meta.description.length).toBeLessThanOrEqual(170);
    }
  });

  it('finds a page with or without a trailing slash, and nothing for other paths', () => {
    expect(publicPagePath('/pricing/')).toBe('/pricing');
    expect(publicPagePath('/')).toBe('/');
    expect(pageMetaFor('/dashboard')).toBeNull();
    expect(pageMetaFor('/constructor')).toBeNull();
    expect(pageMetaFor('/share/abc')).toBeNull();
  });

  it('reads the id of a share page address, and writes it back', () => {
    expect(shareIdOf('/share/0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11')).toBe('0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11');
    expect(shareIdOf('/share/abc/')).toBe('abc');
    expect(shareIdOf('/share/')).toBeNull();
    expect(shareIdOf('/share/a/b')).toBeNull();
    expect(shareIdOf('/pricing')).toBeNull();
    expect(sharePath('a b')).toBe('/share/a%20b');
  });

  it.each([
    ['make it snow', '\u201cmake it snow\u201d'],
    ['"make it snow"', '\u201cmake it snow\u201d'],
    ['  \u201cmake it snow\u201d ', '\u201cmake it snow\u201d'],
    ["'make it snow'", '\u201cmake it snow\u201d'],
    ['  ""make it snow""  ', '\u201cmake it snow\u201d'],
    ['put a "Hello" sign up', '\u201cput a \u2018Hello\u2019 sign up\u201d'],
    ['"Best" and "Worst"', '\u201c\u2018Best\u2019 and \u2018Worst\u2019\u201d'],
  ])('quotes the prompt %j once', (prompt, quoted) => {
    expect(quotePrompt(prompt)).toBe(quoted);
  });

  it('cuts long text at a word with an ellipsis', () => {
    expect(truncate('short', 10)).toBe('short');
    const cut = truncate('add snow falling and a red umbrella over the people on the bridge', 30);
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(cut.endsWith('\u2026')).toBe(true);
    expect(cut).toBe('add snow falling and a red\u2026');
  });

  it("makes a shared edit's title and description from its prompt, and a generic one without it", () => {
    const meta = sharedEditMeta('"add snow falling"');
    expect(meta.title).toBe('\u201cadd snow falling\u201d · Magic Editor');
    expect(meta.description).toContain('\u201cadd snow falling\u201d');
    expect(sharedEditMeta('x'.repeat(500)).title.length).toBeLessThan(90);
    expect(sharedEditMeta('   ').title).toBe('An edit made with Magic Editor');
    expect(UNAVAILABLE_SHARE_META.description).not.toMatch(/snow/);
  });
});
