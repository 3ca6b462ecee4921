import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../errors/domain-error';
import { mapError } from './error-response';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * D18: state-changing requests from another origin are refused. A browser sends Origin on
 * cross-origin (and same-origin) POSTs; when it is absent, Sec-Fetch-Site tells. Callers without
 * either (curl, Stripe's webhook) are not browsers and carry no ambient cookie risk.
 */
export function sameOriginOnly(publicOrigin: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const fetchSite = req.get('sec-fetch-site');
    const ownOrigin = `${req.protocol}://${req.get('host') ?? ''}`;
    const allowed = origin
      ? origin === publicOrigin || origin === ownOrigin
      : fetchSite === undefined || fetchSite === 'same-origin' || fetchSite === 'none';
    if (allowed) return next();
    const { status, body } = mapError(
      new DomainError('forbidden', 'HTTP.CROSS_SITE', 'Requests from other sites are not allowed.'),
      '',
    );
    res.status(status).json(body);
  };
}
