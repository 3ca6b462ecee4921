import { escapeHtml } from '../mail/html';
import type { PageMeta } from './shared-with-client/page-meta';

/**
 * Issue 15: the <head> tags the server writes into the built index.html for each page it sends:
 * title, description, and the Open Graph and Twitter card tags that link previews read (chat
 * apps and search engines run no JavaScript). Every value is HTML-escaped here; nothing a user
 * wrote reaches the page unescaped.
 */

/** The picture a link preview shows. */
export interface PreviewImage {
  /** Absolute address. */
  url: string;
  /** Its media type, when known (image/webp, image/jpeg…). */
  type?: string;
  width?: number;
  height?: number;
  alt: string;
}

export interface PageHead {
  meta: PageMeta;
  /** The page's own absolute address (canonical, og:url); null for pages that have none to give. */
  url: string | null;
  /** `article` for a shared edit, `website` for the rest. */
  type: 'website' | 'article';
  image: PreviewImage | null;
  /** A large picture (a shared edit): `summary_large_image`; else `summary`. */
  largeImage: boolean;
  /** Keep the page out of search results (a share page that shows nothing). */
  noindex?: boolean;
  siteName: string;
}

function meta(attribute: 'name' | 'property', key: string, content: string | number): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}" />`;
}

/** The tags, one per line, in the order a reader of the source expects. */
export function headTags(head: PageHead): string {
  const { title, description } = head.meta;
  const tags: Array<string | null> = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    head.noindex ? meta('name', 'robots', 'noindex') : null,
    head.url ? `<link rel="canonical" href="${escapeHtml(head.url)}" />` : null,
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    head.url ? meta('property', 'og:url', head.url) : null,
  ];
  if (head.image) {
    tags.push(meta('property', 'og:image', head.image.url));
    if (head.image.type) tags.push(meta('property', 'og:image:type', head.image.type));
    if (head.image.width) tags.push(meta('property', 'og:image:width', head.image.width));
    if (head.image.height) tags.push(meta('property', 'og:image:height', head.image.height));
    tags.push(meta('property', 'og:image:alt', head.image.alt));
  }
  tags.push(meta('name', 'twitter:card', head.image && head.largeImage ? 'summary_large_image' : 'summary'));
  tags.push(meta('name', 'twitter:title', title));
  tags.push(meta('name', 'twitter:description', description));
  if (head.image) {
    tags.push(meta('name', 'twitter:image', head.image.url));
    tags.push(meta('name', 'twitter:image:alt', head.image.alt));
  }
  return tags.filter((tag): tag is string => tag !== null).join('\n    ');
}

/** The built page's own title and description (index.html has defaults for both): replaced, not doubled. */
const OWN_TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const OWN_DESCRIPTION = /<meta\s+name=["']description["'][^>]*>\s*/i;

/**
 * Makes a page writer from the built index.html: its own title and description are taken out
 * once, and each page's tags go in at the end of its <head> (before <body> when the file has no
 * head, so that the parser still puts them there).
 */
export function pageWriter(indexHtml: string): (head: PageHead) => string {
  const template = indexHtml.replace(OWN_TITLE, '').replace(OWN_DESCRIPTION, '');
  const at = insertionPoint(template);
  const before = template.slice(0, at).trimEnd();
  const after = template.slice(at);
  return (head) => `${before}\n    ${headTags(head)}\n  ${after}`;
}

/** Before </head>; else before <body>; else after the <html> tag; else after the doctype. */
function insertionPoint(html: string): number {
  for (const pattern of [/<\/head>/i, /<body[\s>]/i]) {
    const at = html.search(pattern);
    if (at >= 0) return at;
  }
  const open = /<html[^>]*>|<!doctype[^>]*>/i.exec(html);
  return open ? open.index + open[0].length : 0;
}
