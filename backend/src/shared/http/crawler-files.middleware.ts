import type { NextFunction, Request, Response } from 'express';
import { PAGE_META } from './shared-with-client/page-meta';

/** Pages a search engine may list: the public ones of the page table but those it marks unlisted (issue 15). */
export const PUBLIC_PAGES = Object.keys(PAGE_META).filter((p) => !PAGE_META[p].unlisted);

/** Pages that are private, per-person or carry single-use tokens, and the API. */
const DISALLOWED = ['/admin', '/api/', '/profile', '/my-edits', '/checkout', '/order', '/reset-password', '/confirm-email'];

/**
 * Issue 24: inside the disallowed API, what a share page's link preview shows (its og:image) is
 * allowed: the generated file `/api/images/{id}` and its renditions
 * `/api/images/{id}/renditions/generated-{width}-{version}.webp` (D31). Crawlers that honour
 * robots.txt (Twitterbot, Googlebot, …) otherwise draw the preview without a picture. The most
 * specific (longest) matching rule wins (RFC 9309 §2.2.2), so the lines read as: /api/images/ is
 * allowed, anything below an image's own address is not (its original, download, share data,
 * laughs, the original's renditions), except the generated file's renditions. The files answer
 * only for public images to a visitor without a session, as for anyone (D14).
 */
const PREVIEW_RULES = ['Allow: /api/images/', 'Disallow: /api/images/*/', 'Allow: /api/images/*/renditions/generated-'];

export function robotsTxt(publicUrl: URL): string {
  return [
    'User-agent: *',
    ...DISALLOWED.map((p) => `Disallow: ${p}`),
    ...PREVIEW_RULES,
    '',
    `Sitemap: ${new URL('/sitemap.xml', publicUrl).href}`,
    '',
  ].join('\n');
}

export function sitemapXml(publicUrl: URL): string {
  const urls = PUBLIC_PAGES.map((p) => `  <url><loc>${escapeXml(new URL(p, publicUrl).href)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

/**
 * GET /robots.txt and /sitemap.xml, made from PUBLIC_URL, answered before the SPA fallback (which
 * would otherwise send the app's HTML for both).
 */
export function crawlerFiles(publicUrl: URL) {
  const files = new Map([
    ['/robots.txt', { type: 'text/plain; charset=utf-8', body: robotsTxt(publicUrl) }],
    ['/sitemap.xml', { type: 'application/xml; charset=utf-8', body: sitemapXml(publicUrl) }],
  ]);
  return (req: Request, res: Response, next: NextFunction): void => {
    const file = (req.method === 'GET' || req.method === 'HEAD') && files.get(req.path);
    if (!file) return next();
    res.setHeader('Content-Type', file.type);
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.send(file.body);
  };
}
