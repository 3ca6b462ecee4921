import type { Request } from 'express';
import { normalizeIp } from '../ip';

/**
 * The client address of a request, normalised (shared/ip). Express's req.ip is the socket's
 * address unless TRUST_PROXY is set (then the proxy's X-Forwarded-For), so a forged header cannot
 * dodge a limit (D19, D34, D36). Never read the header here.
 */
export function clientIp(req: Request): string {
  return normalizeIp(req.ip);
}
