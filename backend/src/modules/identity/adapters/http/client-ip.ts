import type { Request } from 'express';
import { normalizeIp } from '../../domain/account-rules';

/**
 * D19: the client address. Express's req.ip is the socket's address unless TRUST_PROXY is set
 * (then the proxy's X-Forwarded-For), so a forged header cannot dodge a limit. Never read the
 * header here.
 */
export function clientIp(req: Request): string {
  return normalizeIp(req.ip);
}
