import { ArgumentsHost, Catch, ExceptionFilter, Logger, NotFoundException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { mapError, type MappedError } from './error-response';

/**
 * The log line of an error answer, wherever it was given (this filter, a write hot path): an
 * unexpected error with its stack and correlation id, a busy database as a warning, nothing else.
 */
export function logMappedError(
  logger: Pick<Logger, 'error' | 'warn'>,
  mapped: MappedError,
  exception: unknown,
  where: { correlationId: string; method: string; path: string },
): void {
  if (mapped.unexpected) {
    logger.error({ err: exception, ...where }, 'Unhandled error');
  } else if (mapped.body.code === 'DATABASE.BUSY') {
    const reason = exception instanceof Error ? exception.message : String(exception);
    logger.warn(where, `Database busy, answered 503: ${reason}`);
  }
}

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

    logMappedError(this.logger, mapped, exception, { correlationId, method: req.method, path: req.path });
    if (res.headersSent) {
      res.end();
      return;
    }
    res.status(mapped.status).json(mapped.body);
  }
}
