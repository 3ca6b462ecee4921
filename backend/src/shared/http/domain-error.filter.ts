import { ArgumentsHost, Catch, ExceptionFilter, Logger, NotFoundException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { mapError } from './error-response';

/**
 * The one global filter of ARCHITECTURE rule 7. Unknown errors become a 500 with a correlation id
 * (the request id) in the log and in the body, never a stack trace.
 */
@Catch()
export class DomainErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const req = host.switchToHttp().getRequest<Request & { id?: string }>();
    const res = host.switchToHttp().getResponse<Response>();
    const correlationId = String(req.id ?? randomUUID());

    // Nest's own "no route" answer: say which path was unknown, in the same JSON shape.
    const unknownRoute = exception instanceof NotFoundException && /^Cannot [A-Z]+ /.test(exception.message);
    const mapped = unknownRoute
      ? {
          status: 404,
          body: { message: `No API endpoint ${req.method} ${req.path}`, error: 'Not found', code: 'HTTP.NOT_FOUND' },
          unexpected: false,
        }
      : mapError(exception, correlationId);

    if (mapped.unexpected) {
      this.logger.error({ err: exception, correlationId, method: req.method, path: req.path }, 'Unhandled error');
    } else if (mapped.body.code === 'DATABASE.BUSY') {
      const reason = exception instanceof Error ? exception.message : String(exception);
      this.logger.warn({ correlationId, method: req.method, path: req.path }, `Database busy, answered 503: ${reason}`);
    }
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(mapped.status).json(mapped.body);
  }
}
