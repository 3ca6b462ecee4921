/**
 * Every answer is parsed with a zod schema (ARCHITECTURE rule 9) rather than narrowed by hand.
 * Schemas use `zod/mini`, which keeps the shell's bundle small (the API slice loads with it).
 * A schema states what the client relies on; where the spec lets a field be missing or broken
 * (a laugh count reads as 0, 000 §4) the schema says so with `.catch`, so leniency is explicit.
 */
import { NamedSchemaError } from '@reduxjs/toolkit/query/react';
import { z } from 'zod/mini';
import { unreadableAnswerError, type ApiError } from './base-api';

/**
 * A `transformResponse` that parses the answer with `schema`. A failure is handed to RTK Query
 * as a schema failure, which the API slice turns into an ApiError (`catchSchemaFailure`): the
 * screen shows its error state, nothing throws into React.
 */
export function parseResponse<S extends z.core.$ZodType>(schema: S): (raw: unknown) => z.output<S> {
  return (raw) => {
    const result = z.safeParse(schema, raw);
    if (result.success) return result.data;
    throw new NamedSchemaError(result.error.issues, raw, 'responseSchema', undefined);
  };
}

/** The same for a `queryFn`, which returns its failure instead of throwing it. */
export function readResponse<S extends z.core.$ZodType>(
  schema: S,
  raw: unknown,
): { data: z.output<S>; error?: undefined } | { data?: undefined; error: ApiError } {
  const result = z.safeParse(schema, raw);
  return result.success ? { data: result.data } : { error: unreadableAnswerError(result.error.issues) };
}

/**
 * A list whose entries are parsed one by one: an entry that does not parse is dropped, and a
 * missing or malformed list reads as empty (for lists a screen can show in part).
 */
export function lenientList<S extends z.core.$ZodType>(item: S) {
  return z.catch(
    z.pipe(
      z.array(z.unknown()),
      z.transform((values) =>
        values.flatMap((value) => {
          const result = z.safeParse(item, value);
          return result.success ? [result.data as z.output<S>] : [];
        }),
      ),
    ),
    [],
  );
}
