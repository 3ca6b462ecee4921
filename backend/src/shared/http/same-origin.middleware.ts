import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../errors/domain-error';
import { mapError } from './error-response';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SameOriginOptions {
  /**
   * Also accept the origin the request's own Host header names. Only while PUBLIC_URL is unset
   * (a local run reached as localhost, 127.0.0.1 or a LAN address): once the public address is
   * configured it alone counts, since Host (and X-Forwarded-Host/-Proto behind a proxy) is chosen
   * by the client (issue 9).
   */
  allowHostOrigin: boolean;
}

/**
 * D18's rule for one request: a safe method passes; otherwise its Origin must be the public origin
 * (or `hostOrigin`, the origin its Host names, when that is allowed; null when not), and without an
 * Origin, Sec-Fetch-Site must be absent, same-origin or none.
 */
export function passesSameOrigin(
  method: string | undefined,
  headers: { origin?: string | string[]; 'sec-fetch-site'?: string | string[] },
  publicOrigin: string,
  hostOrigin: string | null,
): boolean {
  if (SAFE_METHODS.has(method ?? '')) return true;
  const origin = headers.origin;
  const fetchSite = headers['sec-fetch-site'];
  if (origin) return origin === publicOrigin || (hostOrigin !== null && origin === hostOrigin);
  return fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
}

/**
 * D18: state-changing requests from another origin are refused. A browser sends Origin on
 * cross-origin (and same-origin) POSTs; when it is absent, Sec-Fetch-Site tells. Callers without
 * either (curl, Stripe's webhook) are not browsers and carry no ambient cookie risk.
 */
export function sameOriginOnly(publicOrigin: string, options: SameOriginOptions = { allowHostOrigin: true }) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const hostOrigin = options.allowHostOrigin ? `${req.protocol}://${req.get('host') ?? ''}` : null;
    if (passesSameOrigin(req.method, req.headers, publicOrigin, hostOrigin)) return next();
    const { status, body } = mapError(
      new DomainError('forbidden', 'HTTP.CROSS_SITE', 'Requests from other sites are not allowed.'),
      '',
    );
    res.status(status).json(body);
  };
}
