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
 * D18: state-changing requests from another origin are refused. A browser sends Origin on
 * cross-origin (and same-origin) POSTs; when it is absent, Sec-Fetch-Site tells. Callers without
 * either (curl, Stripe's webhook) are not browsers and carry no ambient cookie risk.
 */
export function sameOriginOnly(publicOrigin: string, options: SameOriginOptions = { allowHostOrigin: true }) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const fetchSite = req.get('sec-fetch-site');
    const allowed = origin
      ? origin === publicOrigin || (options.allowHostOrigin && origin === `${req.protocol}://${req.get('host') ?? ''}`)
      : fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
    if (allowed) return next();
    const { status, body } = mapError(
      new DomainError('forbidden', 'HTTP.CROSS_SITE', 'Requests from other sites are not allowed.'),
      '',
    );
    res.status(status).json(body);
  };
}
