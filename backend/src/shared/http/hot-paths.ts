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
 * The facts of the pipeline a hot path that takes a state-changing request needs to decide as the
 * pipeline would (set by configureApp from the very middleware settings it installs).
 */
export interface PipelineFacts {
  /** The client's address as Express's `req.ip` gives it (TRUST_PROXY included), normalised. */
  clientAddress(req: IncomingMessage): string;
  /**
   * D18: true when the request passes the same-origin rule on its public origin alone. false also
   * covers "only the Host fallback would let it through": such a request is left to the pipeline.
   */
  plainlySameOrigin(req: IncomingMessage): boolean;
  /** JSON bodies above this many bytes are refused by the pipeline's parser (JSON_BODY_LIMIT). */
  jsonBodyLimitBytes: number;
}

/**
 * Hot paths (ADR 0011): the few public, read-only, cached answers every open tab polls (the
 * community feed, the leaderboard; ADR 0021 adds the signed-in polls) and one write, a laugh (ADR
 * 0037), are served straight from the HTTP server's request event, skipping Express, its middleware
 * chain and the Nest router. The whole pipeline costs ~20x the
 * bare server's throughput (bench/health); these answers must stay within 2x of it (issue 5).
 * Anything a handler does not take (a cache miss, an unusual query) goes the normal way.
 */
@Injectable()
export class HotPaths {
  private readonly handlers: HotPathHandler[] = [];
  private readonly writeHandlers: HotPathHandler[] = [];
  /**
   * The headers the pipeline's own middleware puts on every answer (helmet, Permissions-Policy),
   * set by configureApp. Hot paths that answer as the pipeline would (ADR 0021) stay off until then.
   */
  pipelineHeaders?: ReadonlyArray<[string, string]>;
  /** Set by configureApp; until then no write hot path takes a request. */
  pipelineFacts?: PipelineFacts;

  /** A read (GET and HEAD). */
  register(handler: HotPathHandler): void {
    this.handlers.push(handler);
  }

  /**
   * A POST (ADR 0037). Once the handler returns true it owns the request: it reads the body and
   * answers every outcome itself (success, the API's error shape, 500), as the pipeline would.
   */
  registerWrite(handler: HotPathHandler): void {
    this.writeHandlers.push(handler);
  }

  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const handlers = req.method === 'GET' || req.method === 'HEAD' ? this.handlers : req.method === 'POST' ? this.writeHandlers : undefined;
    if (!handlers) return false;
    for (const handler of handlers) if (handler(req, res)) return true;
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
