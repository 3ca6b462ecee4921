import { applyDecorators, type CanActivate, type ExecutionContext, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError } from '../errors/domain-error';
import { ApiErrors } from '../http/openapi/api-errors';
import type { AuthUser } from './auth-user';

/**
 * Issue 24: how many requests of one kind one user may have running at once on this instance.
 * Money (checkout, confirm, billing card, cancel), the data export and account changes hold
 * database connections and provider calls; a user who fires many at once gets 429 for the rest at
 * once, in memory, before any connection is taken, so nobody else waits for them.
 */
export const IN_FLIGHT_LIMITS = {
  /** purchase-credits, create-subscription, checkout confirm and status, the billing card, cancel, resume, the local checkout */
  billing: 3,
  /** GET /api/user/export: a zip of every image */
  export: 1,
  /** password change (argon2id), account deletion, e-mail confirmation resend */
  account: 2,
} as const;

export type InFlightGroup = keyof typeof IN_FLIGHT_LIMITS;

export class TooManyInFlightError extends DomainError {
  constructor() {
    super('rate_limited', 'HTTP.TOO_MANY_IN_FLIGHT', 'You already have requests like this one in progress. Please wait for them to finish, then try again.');
  }
}

/** Per-process counts, keyed by group and user. */
const running = new Map<string, number>();

/** How many requests of `group` this user has running here (tests). */
export function inFlightOf(group: InFlightGroup, userId: string): number {
  return running.get(`${group}:${userId}`) ?? 0;
}

class UserInFlightGuard implements CanActivate {
  constructor(private readonly group: InFlightGroup) {}

  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    const user = http.getRequest<Request & { user?: AuthUser }>().user;
    // Anonymous: the route's SignedInGuard answers 401.
    if (!user) return true;
    const key = `${this.group}:${user.id}`;
    const now = running.get(key) ?? 0;
    if (now >= IN_FLIGHT_LIMITS[this.group]) throw new TooManyInFlightError();
    running.set(key, now + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (running.get(key) ?? 1) - 1;
      if (left > 0) running.set(key, left);
      else running.delete(key);
    };
    // 'close' follows 'finish' and also comes when the client goes away first: counted until the
    // response is over, streamed answers (the export) included.
    const res = http.getResponse<Response>();
    res.once('finish', release);
    res.once('close', release);
    return true;
  }
}

/** At most IN_FLIGHT_LIMITS[group] of these requests per signed-in user at once (429 beyond). */
export function LimitInFlightPerUser(group: InFlightGroup) {
  return applyDecorators(
    UseGuards(new UserInFlightGuard(group)),
    ApiErrors({ 429: { 'HTTP.TOO_MANY_IN_FLIGHT': `More than ${IN_FLIGHT_LIMITS[group]} such requests of this user at once (ADR 0026).` } }),
  );
}
