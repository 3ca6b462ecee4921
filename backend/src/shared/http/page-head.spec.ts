import { escapeHtml } from '../mail/html';
import { headTags, pageWriter, type PageHead } from './page-head';

const SHARE: PageHead = {
  meta: { title: '"><script>alert(1)</script> · Magic Editor', description: "Tom & Jerry's <b>edit</b>" },
  url: 'https://magic.example.com/share/abc',
  type: 'article',
  image: { url: 'https://magic.example.com/api/images/abc', type: 'image/webp', width: 1280, height: 853, alt: '"><img src=x onerror=alert(1)>' },
  largeImage: true,
  siteName: 'Magic Editor',
};

describe('the server-written <head> (issue 15)', () => {
  it('escapes every character that could end an attribute or open a tag', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('writes the Open Graph and Twitter card tags of a shared edit, with no user text unescaped', () => {
    const tags = headTags(SHARE);
    expect(tags).toContain('<meta property="og:image" content="https://magic.example.com/api/images/abc" />');
    expect(tags).toContain('<meta property="og:image:width" content="1280" />');
    expect(tags).toContain('<meta property="og:type" content="article" />');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(tags).toContain('<meta property="og:url" content="https://magic.example.com/share/abc" />');
    expect(tags).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Magic Editor</title>');
    expect(tags).toContain('content="Tom &amp; Jerry&#39;s &lt;b&gt;edit&lt;/b&gt;"');
    expect(tags).not.toMatch(/<script|<img|<b>/);
  });

  it('says "summary" without a large picture, and leaves out what a page has not got', () => {
    const tags = headTags({ ...SHARE, image: null, url: null, largeImage: true, noindex: true });
    expect(tags).toContain('<meta name="twitter:card" content="summary" />');
    expect(tags).toContain('<meta name="robots" content="noindex" />');
    expect(tags).not.toContain('og:image');
    expect(tags).not.toContain('og:url');
    expect(tags).not.toContain('canonical');
  });

  it("replaces the built page's own title and description rather than adding a second of each", () => {
    const built =
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" />' +
      '<meta name="description" content="Old description" /><title>Magic Editor</title>' +
      '<script type="module" src="/assets/index-AbCd1234.js"></script></head><body><div id="root"></div></body></html>';
    const html = pageWriter(built)({ ...SHARE, meta: { title: 'New title', description: 'New description' } });
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<title>New title</title>');
    expect(html).not.toContain('Old description');
    expect(html.indexOf('og:image')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<script type="module" src="/assets/index-AbCd1234.js"></script>');
    expect(html.startsWith('<!doctype html>')).toBe(true);
  });

  it('puts the tags before <body> in a page without a head', () => {
    const html = pageWriter('<!doctype html><html><body><div id="root"></div></body></html>')(SHARE);
    expect(html.startsWith('<!doctype html><html>')).toBe(true);
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('<body>'));
  });
});
