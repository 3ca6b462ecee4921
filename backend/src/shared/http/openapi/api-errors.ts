import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import type { ErrorBody } from '../error-response';

/** The statuses an /api answer fails with (error-response.ts STATUS_BY_KIND, plus 500). */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

/**
 * Which codes a handler may answer with, by status: a list of codes, or codes with a note each
 * (shown in the document beside the code).
 */
export type ErrorCodes = Partial<Record<ErrorStatus, readonly string[] | Readonly<Record<string, string>>>>;

/** code → note ('' when none), by status. */
export type ErrorTable = Map<ErrorStatus, Map<string, string>>;

export const API_ERRORS_METADATA = 'magic-editor:api-errors';

/** One field of a validation failure (VALIDATION.FAILED's `details`). */
@ApiSchema({ name: 'FieldError' })
export class FieldErrorResponse {
  @ApiProperty({ type: String, example: 'email' })
  field: string;

  @ApiProperty({ type: [String] })
  messages: string[];
}

/** The `{message, error, code}` body of every failed /api call (ARCHITECTURE rule 7, 000 §8). */
@ApiSchema({ name: 'ErrorBody', description: 'The body of every failed /api call (000 §8 reads message, 001 §7-§8 error; code is stable).' })
export class ErrorBodyResponse implements ErrorBody {
  @ApiProperty({ type: String, description: 'What went wrong, for people; the client shows it after "{status}: ".' })
  message: string;

  @ApiProperty({ type: String, description: 'A short code some screens read (`nsfw_detected`), else the message again.' })
  error: string;

  @ApiProperty({ type: String, description: 'Stable machine code, `<CONTEXT>.<REASON>` (e.g. `CREDITS.INSUFFICIENT`).' })
  code: string;

  @ApiPropertyOptional({
    description:
      'Safe-to-show detail: a validation failure lists each field and its messages; others carry hints such as `requiresCaptcha`, `retryAfterMinutes`, `category` or `supported`.',
    oneOf: [
      { type: 'array', items: { $ref: '#/components/schemas/FieldError' } },
      { type: 'object', additionalProperties: true },
    ],
  })
  details?: unknown;

  @ApiPropertyOptional({ type: String, description: 'Only on a 500: the id of the log line that tells what happened.' })
  correlationId?: string;
}

function table(codes: ErrorCodes): ErrorTable {
  const out: ErrorTable = new Map();
  for (const [status, entries] of Object.entries(codes) as Array<[string, ErrorCodes[ErrorStatus]]>) {
    if (!entries) continue;
    const notes = new Map<string, string>(Array.isArray(entries) ? entries.map((c: string) => [c, '']) : Object.entries(entries));
    out.set(Number(status) as ErrorStatus, notes);
  }
  return out;
}

export function copyOf(errors: ErrorTable): ErrorTable {
  return new Map([...errors].map(([status, codes]) => [status, new Map(codes)]));
}

/** Adds `more` to `into` (a code given twice keeps its first non-empty note). */
export function mergeErrors(into: ErrorTable, more: ErrorTable): ErrorTable {
  for (const [status, codes] of more) {
    const known = into.get(status) ?? new Map<string, string>();
    for (const [code, note] of codes) if (!known.get(code)) known.set(code, note);
    into.set(status, known);
  }
  return into;
}

/**
 * Declares the failures of a handler (on a method) or of every handler of a controller (on the
 * class): status, the `{message, error, code}` body and which codes. Several uses add up. The
 * document builder (openapi-document.ts) adds what the pipeline and the guards answer by
 * themselves (401 AUTH.REQUIRED behind SignedInGuard, 400 VALIDATION.FAILED for a DTO body, 500
 * INTERNAL, ...), so a handler lists only its own.
 */
export function ApiErrors(codes: ErrorCodes): ClassDecorator & MethodDecorator {
  return (target: object, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    const holder = (descriptor?.value ?? target) as object;
    const known = (Reflect.getMetadata(API_ERRORS_METADATA, holder) as ErrorTable | undefined) ?? new Map();
    Reflect.defineMetadata(API_ERRORS_METADATA, mergeErrors(copyOf(known), table(codes)), holder);
  };
}

/** What ApiErrors declared on a class or a handler (empty when nothing). */
export function declaredErrors(holder: object): ErrorTable {
  return (Reflect.getMetadata(API_ERRORS_METADATA, holder) as ErrorTable | undefined) ?? new Map();
}

export function errorTable(codes: ErrorCodes): ErrorTable {
  return table(codes);
}
