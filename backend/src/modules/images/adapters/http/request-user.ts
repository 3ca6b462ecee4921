import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthUser } from '../../../../shared/auth/auth-user';

/**
 * The signed-in user when there is one, else null (for routes anyone may call, such as the image
 * files: an owner's browser sends its session cookie, an anonymous GET has no session at all).
 */
export const OptionalUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser | null =>
    context.switchToHttp().getRequest<Request & { user?: AuthUser }>().user ?? null,
);
