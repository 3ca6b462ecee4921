/**
 * Issue 15: the title and description of every public page, and of a shared edit's page
 * (/share/{id}), in one table read by both sides. The server writes them into the HTML it sends
 * (search engines and link previews run no JavaScript: shared/http/page-head.ts); the client keeps
 * document.title and the description meta right on client-side navigation (the frontend imports
 * this file as `@page-meta/page-meta`). Plain TypeScript with no imports, so both builds can read it.
 */

export const SITE_NAME = 'Magic Editor';

export interface PageMeta {
  /** The whole document title, as the tab and a search result show it. */
  title: string;
  /** The description meta (and og:description): one or two plain sentences. */
  description: string;
}

/** A public page's entry: its meta, and whether /sitemap.xml lists it (issue 15). */
export interface PublicPage extends PageMeta {
  /** Left out of the sitemap: a second address of a listed page, or a page with nothing on it yet. */
  unlisted?: true;
}

/** Any page the table does not name (signed-in pages, a path that does not exist). */
export const DEFAULT_PAGE_META: PageMeta = {
  title: SITE_NAME,
  description: 'Magic Editor: upload a photo, describe the change in one sentence, and get an AI-edited image back in seconds.',
};

const LANDING: PageMeta = {
  title: 'Magic Editor: edit any photo with one sentence',
  description:
    'Upload a photo, describe the change in one sentence (a new background, snow, a cartoon look) and get the edited image in seconds. Verify your e-mail for 2 free edits.',
};

const PHOTO_EDITOR: PublicPage = {
  title: `Photoshop AI · ${SITE_NAME}`,
  description: 'A full AI photo editor in your browser is on its way. Until then, edit any photo with one sentence in Magic Editor.',
  unlisted: true,
};

/**
 * The public pages of the route table (frontend/src/app/router.tsx): the landing page, pricing,
 * the Hall of Fame, the company pages and the tool pages. Titles of pages with a heading are
 * "{heading} · Magic Editor", as the page itself sets them (shared/ui/page-heading).
 */
export const PAGE_META: Readonly<Record<string, PublicPage>> = {
  '/': LANDING,
  '/sales': { ...LANDING, unlisted: true },
  '/pricing': {
    title: `Pricing · ${SITE_NAME}`,
    description:
      'Monthly plans for regular editing, or pay-as-you-go credit packs that never expire. Every edit costs one credit, and a failed edit costs nothing.',
  },
  '/leaderboard': {
    title: `Hall of Fame · ${SITE_NAME}`,
    description: "The community's most laughed-at photo edits, each made from one sentence with Magic Editor.",
  },
  '/about': {
    title: `About · ${SITE_NAME}`,
    description:
      'Magic Editor turns one sentence into a funny, shareable photo edit: no layers, no masks, no editing skills. How it works, how credits work, and how we treat your photos.',
  },
  '/contact': {
    title: `Contact Us · ${SITE_NAME}`,
    description: 'A question about your credits, a billing problem or an idea for the editor? Send the Magic Editor team a message.',
  },
  '/privacy': {
    title: `Privacy Policy · ${SITE_NAME}`,
    description: 'What Magic Editor stores about you and your photos, why, for how long, and how to download or delete your data.',
  },
  '/terms': {
    title: `Terms of Service · ${SITE_NAME}`,
    description: 'The terms for using Magic Editor: your account, credits and payments, acceptable use, your content and the community licence.',
  },
  '/tools/youtube-to-article': {
    title: `YouTube to Article · ${SITE_NAME}`,
    description: 'Turn a YouTube video into a ready-to-edit article: paste a link, get a titled article with sections from its captions.',
  },
  '/tools/photoshop-ai': PHOTO_EDITOR,
  '/tools/photo-editor': PHOTO_EDITOR,
  '/brains/youtube-script-gen': {
    title: `YouTube Script Generator · ${SITE_NAME}`,
    description: 'Video scripts in your own voice, grounded in your own material. Coming soon to Magic Editor.',
    unlisted: true,
  },
};

/** The table's key for a path ("/pricing/" → "/pricing"); null when the path is not a public page. */
export function publicPagePath(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return Object.prototype.hasOwnProperty.call(PAGE_META, path) ? path : null;
}

/** The table's entry for a public page; null for any other path. */
export function pageMetaFor(pathname: string): PageMeta | null {
  const path = publicPagePath(pathname);
  return path === null ? null : (PAGE_META[path] ?? null);
}

// ------------------------------------------------------------------------------------------------
// A shared edit's page: /share/{id}

const SHARE_PATH = /^\/share\/([^/]+)\/?$/;

/** The address of an edit's public share page. */
export function sharePath(imageId: string): string {
  return `/share/${encodeURIComponent(imageId)}`;
}

/** The image id of a share page's path (as written in the address, undecoded); null for any other path. */
export function shareIdOf(pathname: string): string | null {
  return SHARE_PATH.exec(pathname)?.[1] ?? null;
}

/** Opening and closing marks that may wrap a whole prompt. */
const QUOTE_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['"', '"'],
  ['\u201c', '\u201d'], // “ ”
  ['\u201e', '\u201c'], // „ “
  ['\u201e', '\u201d'], // „ ”
  ["'", "'"],
  ['\u2018', '\u2019'], // ‘ ’
  ['\u00ab', '\u00bb'], // « »
];

/**
 * The prompt without quotation marks around the whole of it (`"make it snow"` → `make it snow`),
 * so that a place that puts the prompt in quotes shows them once (issue 15). Marks that only
 * start and end the prompt but belong to two quotations (`"Best" and "Worst"`) stay.
 */
export function stripOuterQuotes(prompt: string): string {
  const text = prompt.trim();
  for (const [open, close] of QUOTE_PAIRS) {
    if (text.length < open.length + close.length || !text.startsWith(open) || !text.endsWith(close)) continue;
    const inner = text.slice(open.length, text.length - close.length).trim();
    const unwrapped = stripOuterQuotes(inner);
    // The marks wrap the whole prompt when nothing inside is quoted, or what is inside is itself
    // wholly quoted (`""make it snow""`).
    if (!inner.includes(open) && !inner.includes(close)) return unwrapped;
    if (unwrapped !== inner) return unwrapped;
  }
  return text;
}

/**
 * The prompt as one quotation for display (issue 15: quotes rendered once): in curly double
 * quotes, with quotation marks around the whole prompt dropped, and the double quotes inside it
 * (`add the caption "Best day ever"`) shown as the inner pair ‘ ’, so no two marks of the same
 * kind meet at either end. The prompt itself is never changed; this is only how it is shown. One
 * rule for a share page's title (here) and every card and heading of the client (which imports it
 * as `@page-meta/page-meta`, through shared/lib/quote-prompt).
 */
export function quotePrompt(prompt: string): string {
  const inner = stripOuterQuotes(prompt)
    // A straight quote opens at the start or after a space or bracket, else it closes.
    .replace(/[\u201c\u201e]|(?<=^|[\s([{])"/g, '\u2018')
    .replace(/[\u201d"]/g, '\u2019');
  return `\u201c${inner}\u201d`;
}

/** At most `max` characters, cut at a word where one is near, with an ellipsis. */
export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}\u2026`;
}

/** A shared edit's title and description, from its prompt (the server escapes them; React does on the client). */
export function sharedEditMeta(prompt: string): PageMeta {
  const words = prompt.trim();
  if (!words) {
    return { title: `An edit made with ${SITE_NAME}`, description: `A photo edited with one sentence in ${SITE_NAME}. Make your own in seconds.` };
  }
  return {
    title: `${quotePrompt(truncate(words, 70))} · ${SITE_NAME}`,
    description: `A photo edited with one sentence in ${SITE_NAME}: ${quotePrompt(truncate(words, 200))}. Make your own in seconds.`,
  };
}

/** What a share page says when the edit is private, hidden, deleted or unknown: nothing of the edit. */
export const UNAVAILABLE_SHARE_META: PageMeta = {
  title: `Edit not available · ${SITE_NAME}`,
  description: `This edit is private or no longer exists. Make your own photo edit with one sentence in ${SITE_NAME}.`,
};
