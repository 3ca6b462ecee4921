import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DomainError } from '../errors/domain-error';
import type { AuthUser } from './auth-user';

function userOf(context: ExecutionContext): AuthUser | undefined {
  return context.switchToHttp().getRequest<Request & { user?: AuthUser }>().user;
}

/**
 * 401 unless a signed-in, not suspended user made the request. (Identity's session
 * deserialiser drops the user of a suspended account, D21, so such a session is anonymous.)
 */
@Injectable()
export class SignedInGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!userOf(context)) throw new DomainError('unauthenticated', 'AUTH.REQUIRED', 'Authentication required');
    return true;
  }
}

/** D22: 401 when signed out, 403 unless the signed-in user is an admin. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = userOf(context);
    if (!user) throw new DomainError('unauthenticated', 'AUTH.REQUIRED', 'Authentication required');
    if (!user.isAdmin) throw new DomainError('forbidden', 'AUTH.ADMIN_ONLY', 'You do not have permission to access this page.');
    return true;
  }
}

/** The signed-in user (use behind SignedInGuard). */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser => {
  const user = userOf(context);
  if (!user) throw new DomainError('unauthenticated', 'AUTH.REQUIRED', 'Authentication required');
  return user;
});

/**
 * The signed-in user when there is one, else null (for routes anyone may call, such as the image
 * files and laughs: an owner's browser sends its session cookie, an anonymous call has none).
 */
export const OptionalUser = createParamDecorator((_data: unknown, context: ExecutionContext): AuthUser | null => userOf(context) ?? null);
