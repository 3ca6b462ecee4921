import { Logger } from '@nestjs/common';
import express, { NextFunction, Request, Response } from 'express';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pageWriter, type PageHead, type PreviewImage } from './page-head';
import { isClientRoute } from './shared-with-client/client-routes';
import {
  DEFAULT_PAGE_META,
  PAGE_META,
  SITE_NAME,
  UNAVAILABLE_SHARE_META,
  publicPagePath,
  shareIdOf,
  sharePath,
  sharedEditMeta,
  truncate,
} from './shared-with-client/page-meta';

/** Vite's content-hashed file names (name-AbCd1234.js): safe to cache for a year. */
const HASHED = /-[A-Za-z0-9_-]{8,}\.(js|mjs|css|woff2?|png|jpe?g|svg|webp|avif|gif|ico)$/;

/** The site's own example edit (frontend/public/assets), the preview picture of the other public pages. */
export const SITE_IMAGE = { file: 'assets/edited.jpg', type: 'image/jpeg', width: 451, height: 300, alt: 'A photo edited with Magic Editor' };

/** Paths the SPA never answers: the API (JSON 404 from Nest) and the WebSocket. */
export function isServerPath(p: string): boolean {
  return p === '/api' || p === '/ws' || p.startsWith('/api/') || p.startsWith('/ws/');
}

/** What a link preview of a shared edit shows: its prompt and a picture of it. */
export interface SharedEditPreview {
  prompt: string;
  /** A path on this site: a rendition sized for previews (D31) when there is one, else the generated file. */
  image: { path: string; type: string; width?: number; height?: number };
}

export interface SpaPages {
  /** Where the site is reached (PUBLIC_URL): link previews need absolute addresses. */
  publicUrl: URL;
  /**
   * A shared edit that anyone may see (public, completed, not hidden); null for anything else, so
   * that a private edit's page gives nothing of it away. Without it every share page is generic.
   */
  sharedEdit?: (imageId: string) => Promise<SharedEditPreview | null>;
  /** Called for every page sent (never for files), before it is sent: cookies a page may set (issue 24). */
  onPage?: (req: Request, res: Response) => void;
}

/**
 * Serves the built React app: files from frontend/dist with long-lived caching for hashed assets,
 * and index.html (never cached) for every other GET that accepts HTML, so deep links such as
 * /dashboard load the app: with 200 for the client's routes (CLIENT_ROUTES, shared with the
 * client), 404 for any other path (issue 24). Issue 15: that HTML carries each public page's title
 * and description and, for /share/{id}, the edit's Open Graph and Twitter card tags (PAGE_META,
 * shared with the client). Returns null when the app has not been built.
 */
export function spaStatic(distDir: string, pages: SpaPages) {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const write = pageWriter(fs.readFileSync(indexFile, 'utf8'));
  const absolute = (p: string) => new URL(p, pages.publicUrl).href;
  const siteImage: PreviewImage | null = fs.existsSync(path.join(distDir, SITE_IMAGE.file))
    ? { url: absolute(`/${SITE_IMAGE.file}`), type: SITE_IMAGE.type, width: SITE_IMAGE.width, height: SITE_IMAGE.height, alt: SITE_IMAGE.alt }
    : null;
  const head = (parts: Partial<PageHead> & Pick<PageHead, 'meta'>): PageHead => ({
    url: null,
    type: 'website',
    image: siteImage,
    largeImage: false,
    siteName: SITE_NAME,
    ...parts,
  });

  // The public pages and the generic page are written once; only share pages depend on data.
  const publicPages = new Map(Object.entries(PAGE_META).map(([p, meta]) => [p, write(head({ meta, url: absolute(p) }))]));
  const genericPage = write(head({ meta: DEFAULT_PAGE_META }));
  const logger = new Logger('SpaPages');

  async function sharePage(rawId: string): Promise<{ status: number; html: string }> {
    let id: string;
    try {
      id = decodeURIComponent(rawId);
    } catch {
      id = '';
    }
    let edit: SharedEditPreview | null = null;
    try {
      edit = id && pages.sharedEdit ? await pages.sharedEdit(id) : null;
    } catch (error) {
      // The app still loads and says what went wrong itself; a crawler is told to come back later.
      logger.warn(`Share page ${id}: the edit could not be read (${(error as Error).message})`);
      return { status: 503, html: genericPage };
    }
    if (!edit) {
      return { status: 404, html: write(head({ meta: UNAVAILABLE_SHARE_META, url: absolute(sharePath(id || rawId)), noindex: true })) };
    }
    const meta = sharedEditMeta(edit.prompt);
    const image: PreviewImage = {
      url: absolute(edit.image.path),
      type: edit.image.type,
      width: edit.image.width,
      height: edit.image.height,
      alt: truncate(edit.prompt, 300) || 'A photo edited with Magic Editor',
    };
    // An id is a UUID, read in any case: the canonical address names the edit's one page.
    return { status: 200, html: write(head({ meta, url: absolute(sharePath(id.toLowerCase())), type: 'article', image, largeImage: true })) };
  }

  const files = express.static(distDir, {
    index: false,
    redirect: false,
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  const sendPage = (req: Request, res: Response, status: number, html: string) => {
    pages.onPage?.(req, res);
    res.status(status);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(html);
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isServerPath(req.path)) return next();
    // A share page or a page of the table is never a file: answered without a look on disk.
    const shareId = shareIdOf(req.path);
    if (shareId !== null && req.accepts('html')) {
      sharePage(shareId).then(({ status, html }) => sendPage(req, res, status, html), next);
      return;
    }
    const page = publicPagePath(req.path);
    if (page !== null && req.accepts('html')) return sendPage(req, res, 200, publicPages.get(page) ?? genericPage);
    files(req, res, () => {
      // No such file. A missing asset is a real 404; a client-side route is the app. Any other
      // path is the app too, which shows its not-found page, but answered 404 (issue 24): a
      // "soft 404" (the not-found page with 200) gets wrong addresses indexed.
      if (req.path.startsWith('/assets/') || !req.accepts('html')) return next();
      sendPage(req, res, isClientRoute(req.path) ? 200 : 404, genericPage);
    });
  };
}
