import { Injectable, OnModuleInit } from '@nestjs/common';
import type { Store } from 'express-session';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { CacheInvalidation } from '../http/cache-invalidation';
import { ExactCache } from '../http/exact-cache';
import type { AuthUser } from './auth-user';
import { SESSION_COOKIE } from './session-cookie';

// express-session's own cookie parser and signature check (the very modules and versions it
// uses), so a cookie is accepted here exactly when express-session would accept it.
const fromExpressSession = createRequire(require.resolve('express-session'));
const cookieModule = fromExpressSession('cookie') as { parse(header: string): Record<string, string | undefined> };
const signature = fromExpressSession('cookie-signature') as { unsign(value: string, secret: string): string | false };

/** Most sessions one instance keeps (least recently used out first). */
export const SESSION_CACHE_ENTRIES = 10_000;
/**
 * A session's expiry slides on use (express-session "touch"), but its row is written at most once
 * per this interval per instance: a session then ends at most this much earlier than before.
 */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60_000;
/**
 * Cookie headers at most this long have their verdict remembered (a signed-in browser sends well
 * under 200 bytes); longer ones are checked every time, so the memo stays under ~5 MB.
 */
const VERIFIED_HEADER_MAX_LENGTH = 400;

export interface CachedSession {
  userId: string;
  /** The user as identity's session deserialiser gave it (not suspended, not being deleted). */
  user: AuthUser;
  /** When the session row expires at the latest as this instance last wrote or read it (ms). */
  expiresAt: number;
  /** Answers derived from `user` alone, made once (e.g. GET /api/user's bytes). */
  answers: Map<string, unknown>;
}

export interface SessionCacheSettings {
  /** express-session's secret(s): the first signs, every one verifies. */
  secrets: readonly string[];
  ttlMs: number;
  /** Writes the row's new expiry (when the row is still there); resolves false when it is gone. */
  writeExpiry(sid: string, expiresAt: Date): Promise<boolean>;
}

/** The signed-in request as far as the cache is concerned. */
export type SessionLookup =
  | { kind: 'none' } // no (valid) session cookie: the pipeline answers
  | { kind: 'miss'; sid: string; token: number }
  | { kind: 'hit'; sid: string; session: CachedSession };

/** Marks a request the hot path let through, so the pipeline can remember its session afterwards. */
export const SESSION_FILL = Symbol('sessionFill');
export type RequestWithFill = IncomingMessage & { [SESSION_FILL]?: { sid: string; token: number } };

/**
 * Signed-in sessions per instance (ADR 0021): sid → user id, the session user and the row's
 * expiry, bounded, dropped at once on every instance when the session row or the user row
 * changes (triggers → NOTIFY `s:<sid>` / `u:<user id>`). Filled by the normal pipeline after it
 * loaded the session and the user (configure-app), read by the signed-in hot paths.
 */
@Injectable()
export class SessionCache implements OnModuleInit {
  private readonly cache = new ExactCache<CachedSession>(SESSION_CACHE_ENTRIES);
  /** sid → when this instance last wrote the row's expiry (ms), bounded like the cache. */
  private readonly touches = new Map<string, number>();
  private settings?: SessionCacheSettings;
  private readonly cookiePrefix = `${SESSION_COOKIE}=`;
  /**
   * Cookie header → the session id its valid signature carries (issue 14: the HMAC and the two
   * SHA-1 of express-session's check were a tenth of a hot-path answer). The verdict is a pure
   * function of the header and the secrets, so remembering it changes no answer; only valid
   * headers are kept (a forged one is checked in full every time and takes no room), at most
   * SESSION_CACHE_ENTRIES of them, oldest out first.
   */
  private readonly verified = new Map<string, string>();

  constructor(private readonly invalidation: CacheInvalidation) {}

  onModuleInit(): void {
    this.invalidation.subscribe('s', { changed: (sid) => this.cache.drop(sid), reset: (on) => this.cache.clear(on) });
    this.invalidation.subscribe('u', { changed: (userId) => this.cache.dropGroup(userId), reset: (on) => this.cache.clear(on) });
  }

  /** Set by configureApp (the only place that knows the secret and the store); until then nothing is cached. */
  configure(settings: SessionCacheSettings): void {
    this.settings = settings;
    this.verified.clear();
  }

  get size(): number {
    return this.cache.size;
  }

  /** The session id of a request's cookie when its signature is valid (express-session's rule), else undefined. */
  sessionIdOf(req: Pick<IncomingMessage, 'headers'>): string | undefined {
    const header = req.headers.cookie;
    if (!this.settings || !header) return undefined;
    const known = this.verified.get(header);
    if (known !== undefined) return known;
    if (!header.includes(this.cookiePrefix)) return undefined;
    const raw = cookieModule.parse(header)[SESSION_COOKIE];
    if (!raw || raw.substr(0, 2) !== 's:') return undefined;
    for (const secret of this.settings.secrets) {
      const sid = signature.unsign(raw.slice(2), secret);
      if (sid === false) continue;
      if (header.length <= VERIFIED_HEADER_MAX_LENGTH) {
        this.verified.set(header, sid);
        if (this.verified.size > SESSION_CACHE_ENTRIES) this.verified.delete(this.verified.keys().next().value as string);
      }
      return sid;
    }
    return undefined;
  }

  lookup(req: IncomingMessage, now = Date.now()): SessionLookup {
    const sid = this.sessionIdOf(req);
    if (sid === undefined) return { kind: 'none' };
    const session = this.cache.get(sid);
    if (session && session.expiresAt > now) return { kind: 'hit', sid, session };
    if (session) this.cache.drop(sid);
    return { kind: 'miss', sid, token: this.cache.begin() };
  }

  /** Whether this instance holds the session now (tests, diagnostics). */
  has(sid: string): boolean {
    return this.cache.get(sid) !== undefined;
  }

  /** A hot path let a signed-in request through: the pipeline remembers its session once loaded. */
  fillAfterPipeline(req: IncomingMessage, miss: { sid: string; token: number }): void {
    (req as RequestWithFill)[SESSION_FILL] = { sid: miss.sid, token: miss.token };
  }

  /**
   * Called by the pipeline once express-session and passport restored the session (configure-app):
   * remembers it when a hot path asked for it and the user is signed in (not suspended or gone).
   */
  rememberFromPipeline(req: IncomingMessage & { sessionID?: string; user?: unknown }): void {
    const fill = (req as RequestWithFill)[SESSION_FILL];
    if (!fill || req.sessionID !== fill.sid || !req.user) return;
    this.remember(fill.token, fill.sid, req.user as AuthUser);
  }

  /** Keeps what the pipeline loaded for `sid` with a token taken before it loaded it. */
  remember(token: number, sid: string, user: AuthUser, now = Date.now()): boolean {
    if (!this.settings) return false;
    const lastWrite = this.touches.get(sid) ?? now;
    return this.cache.put(token, sid, { userId: user.id, user, expiresAt: lastWrite + this.settings.ttlMs, answers: new Map() }, user.id);
  }

  /** The writing instance, right after its change committed: that user's sessions are read again. */
  dropUser(userId: string): void {
    this.cache.dropGroup(userId);
  }

  /**
   * Follows express-session's store (configure-app), so both paths keep one rule:
   * - its touch (a write of the row's expiry on every request that carries a session) is written
   *   at most once per SESSION_TOUCH_INTERVAL_MS per session and instance, as the hot paths do; a
   *   session then ends at most that much earlier than before;
   * - a destroyed session (sign-out, the old id of a sign-in) leaves this instance's cache once its
   *   row is gone, without waiting for the trigger's NOTIFY (exact on the writing instance).
   */
  followStore(store: Pick<Store, 'touch' | 'destroy'>): void {
    const touch = store.touch?.bind(store);
    if (touch) {
      store.touch = (sid, sess, callback) => {
        if (!this.touchDue(sid)) return callback?.();
        this.touched(sid);
        touch(sid, sess, callback);
      };
    }
    const destroy = store.destroy.bind(store);
    store.destroy = (sid, callback) =>
      destroy(sid, (err?: unknown) => {
        this.cache.drop(sid);
        callback?.(err);
      });
  }

  /** Whether the row's expiry is due a write (express-session's touch, at most once per interval). */
  private touchDue(sid: string, now = Date.now()): boolean {
    const last = this.touches.get(sid);
    return last === undefined || now - last >= SESSION_TOUCH_INTERVAL_MS;
  }

  /** Notes a write of the row's expiry at `now`. */
  private touched(sid: string, now = Date.now()): void {
    this.touches.delete(sid);
    this.touches.set(sid, now);
    if (this.touches.size > SESSION_CACHE_ENTRIES) this.touches.delete(this.touches.keys().next().value as string);
  }

  /** A hot-path hit's touch: writes the new expiry when due, in the background. */
  touchInBackground(sid: string, session: CachedSession, now = Date.now()): void {
    const settings = this.settings;
    if (!settings || !this.touchDue(sid, now)) return;
    this.touched(sid, now);
    const expiresAt = now + settings.ttlMs;
    settings.writeExpiry(sid, new Date(expiresAt)).then(
      (stillThere) => {
        if (!stillThere) this.cache.drop(sid);
        else if (session.expiresAt < expiresAt) session.expiresAt = expiresAt;
      },
      () => {
        this.touches.delete(sid); // try again on the next request; the cached expiry stays the old one
      },
    );
  }
}
