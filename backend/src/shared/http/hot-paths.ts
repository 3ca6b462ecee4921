import { Global, Injectable, Module } from '@nestjs/common';
import { SessionCache } from '../auth/session-cache';
import { CacheInvalidation } from './cache-invalidation';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * Answers a request before Express sees it, or returns false to let the normal pipeline run.
 * A handler must be cheap, must never throw, and must only answer what it can answer completely
 * (headers, conditional requests, encoding) from memory.
 */
export type HotPathHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Hot paths (ADR 0011): the few public, read-only, cached answers every open tab polls (the
 * community feed, the leaderboard) are served straight from the HTTP server's request event,
 * skipping Express, its middleware chain and the Nest router. The whole pipeline costs ~20x the
 * bare server's throughput (bench/health); these answers must stay within 2x of it (issue 5).
 * Anything a handler does not take (a cache miss, an unusual query) goes the normal way.
 */
@Injectable()
export class HotPaths {
  private readonly handlers: HotPathHandler[] = [];
  /**
   * The headers the pipeline's own middleware puts on every answer (helmet, Permissions-Policy),
   * set by configureApp. Hot paths that answer as the pipeline would (ADR 0021) stay off until then.
   */
  pipelineHeaders?: ReadonlyArray<[string, string]>;

  register(handler: HotPathHandler): void {
    this.handlers.push(handler);
  }

  handle(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    for (const handler of this.handlers) if (handler(req, res)) return true;
    return false;
  }
}

/** The hot paths, the hot caches' invalidation listener and the signed-in session cache (ADR 0011, 0021). */
@Global()
@Module({ providers: [HotPaths, CacheInvalidation, SessionCache], exports: [HotPaths, CacheInvalidation, SessionCache] })
export class HotPathsModule {}

/** Puts the hot paths in front of the server's existing request listener (the Express app). */
export function installHotPaths(server: Server, hotPaths: HotPaths): void {
  const listeners = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (hotPaths.handle(req, res)) return;
    for (const listener of listeners) listener.call(server, req, res);
  });
}
