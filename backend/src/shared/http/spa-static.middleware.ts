import express, { NextFunction, Request, Response } from 'express';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Vite's content-hashed file names (name-AbCd1234.js): safe to cache for a year. */
const HASHED = /-[A-Za-z0-9_-]{8,}\.(js|mjs|css|woff2?|png|jpe?g|svg|webp|avif|gif|ico)$/;

/** Paths the SPA never answers: the API (JSON 404 from Nest) and the WebSocket. */
export function isServerPath(p: string): boolean {
  return p === '/api' || p.startsWith('/api/') || p === '/ws' || p.startsWith('/ws/');
}

/**
 * Serves the built React app: files from frontend/dist with long-lived caching for hashed assets,
 * and index.html (never cached) for every other GET that accepts HTML, so deep links such as
 * /dashboard load the app. Returns null when the app has not been built.
 */
export function spaStatic(distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const files = express.static(distDir, {
    index: false,
    redirect: false,
    setHeaders: (res, filePath) => {
      res.setHeader('Cache-Control', HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  return (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isServerPath(req.path)) return next();
    files(req, res, () => {
      // No such file. A missing asset is a real 404; anything else is a client-side route.
      if (req.path.startsWith('/assets/') || !req.accepts('html')) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(indexFile);
    });
  };
}
