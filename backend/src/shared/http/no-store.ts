import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { Response } from 'express';
import type { Observable } from 'rxjs';

@Injectable()
export class NoStoreInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    // Set before the handler runs, so an error answer from the handler is not stored either.
    context.switchToHttp().getResponse<Response>().setHeader('Cache-Control', 'no-store');
    return next.handle();
  }
}

/**
 * `Cache-Control: no-store` on an account answer (the user, credits, billing): no browser or
 * shared cache may keep it (issue 9). On a controller class or on one handler.
 */
export function NoStore(): ClassDecorator & MethodDecorator {
  return applyDecorators(UseInterceptors(NoStoreInterceptor));
}
