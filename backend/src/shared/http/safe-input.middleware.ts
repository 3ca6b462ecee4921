import type { NextFunction, Request, Response } from 'express';
import { DomainError } from '../errors/domain-error';
import { mapError, NUL_MESSAGE } from './error-response';

/**
 * How deeply a request body may nest objects and arrays. Our own bodies are one or two levels
 * deep (a provider's webhook event perhaps ten); anything past this is an attack on the
 * recursive code behind the parser (class-transformer, the validators), which would overflow the
 * stack and answer 500.
 */
export const MAX_BODY_DEPTH = 32;

export type UnsafeInput = 'nul' | 'too_deep';

/**
 * Finds what no request may carry: a NUL character (U+0000) in any string or key (PostgreSQL
 * cannot store it in text, and no field has a use for it), or nesting deeper than `maxDepth`.
 * Iterative (an explicit stack), so a 100,000-level body is refused, not a stack overflow itself.
 * Only plain objects and arrays are walked (a raw Buffer body is left alone).
 */
export function findUnsafeInput(root: unknown, maxDepth = MAX_BODY_DEPTH): UnsafeInput | null {
  if (typeof root === 'string') return root.includes('\u0000') ? 'nul' : null;
  if (!isContainer(root)) return null;
  const containers: object[] = [root];
  const depths: number[] = [0];
  while (containers.length > 0) {
    const value = containers.pop()!;
    const depth = depths.pop()!;
    if (depth >= maxDepth) return 'too_deep';
    const keys = Array.isArray(value) ? null : Object.keys(value);
    const children: unknown[] = keys ? keys.map((k) => (value as Record<string, unknown>)[k]) : (value as unknown[]);
    if (keys?.some((k) => k.includes('\u0000'))) return 'nul';
    for (const child of children) {
      if (typeof child === 'string') {
        if (child.includes('\u0000')) return 'nul';
      } else if (isContainer(child)) {
        containers.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return null;
}

function isContainer(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as unknown;
  // JSON.parse and the query parsers make plain objects (querystring: a null prototype).
  return proto === Object.prototype || proto === null;
}

export function unsafeInputError(kind: UnsafeInput, maxDepth = MAX_BODY_DEPTH): DomainError {
  return kind === 'nul'
    ? new DomainError('invalid', 'HTTP.NUL_CHARACTER', NUL_MESSAGE)
    : new DomainError('invalid', 'HTTP.BODY_TOO_DEEP', `The request body is nested too deeply (at most ${maxDepth} levels).`);
}

/**
 * Runs after the body parsers, before routing: one check of the parsed body and the query string
 * for every endpoint, answered 400 in the API's error shape (issue 9). A multipart body is parsed
 * later (by the route's upload interceptor): a NUL there is caught when PostgreSQL refuses it
 * (see mapError).
 */
export function safeInputOnly(maxDepth = MAX_BODY_DEPTH) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const found = findUnsafeInput(req.body, maxDepth) ?? findUnsafeInput(req.query, maxDepth);
    if (!found) return next();
    const { status, body } = mapError(unsafeInputError(found, maxDepth), '');
    res.status(status).json(body);
  };
}
