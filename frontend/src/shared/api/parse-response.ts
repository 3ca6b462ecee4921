/**
 * The runtime reading of answers. Their shapes are the server's (ADR 0027: the types generated
 * from its OpenAPI document, shared/api/contract.ts); a zod schema is kept only where the client
 * reads an answer more leniently than the contract promises (a field missing during a rolling
 * deploy, a live message, an answer a list can show in part), and then its output is tied to the
 * contract's type with `satisfies SchemaOf<…>` and `fieldsOf<…>()`, so a change on the server is a
 * type error here. Schemas use `zod/mini`, which keeps the shell's bundle small.
 */
import { NamedSchemaError } from '@reduxjs/toolkit/query/react';
import { z } from 'zod/mini';
import { unreadableAnswerError, type ApiError } from './base-api';

/** A zod schema whose output is T: a contract type (shared/api/contract.ts) or one derived from it. */
export type SchemaOf<T> = z.core.$ZodType<T>;

/**
 * The fields of a `z.object` for exactly the keys of T, each reading into T's type for it: a key
 * the contract has and the schema lacks (or the other way round) is a type error.
 */
export function fieldsOf<T>() {
  return <F extends { [K in keyof T]-?: z.core.$ZodType<T[K]> }>(fields: F & Record<Exclude<keyof F, keyof T>, never>): F => fields;
}

/** The values of a contract's string union, all of them (a value the server adds is a type error here). */
export function everyValueOf<T extends string>() {
  return <const V extends readonly T[]>(values: V & ([Exclude<T, V[number]>] extends [never] ? unknown : { missing: Exclude<T, V[number]> })): V =>
    values;
}

type KeysOf<T> = T extends unknown ? keyof T : never;

/**
 * true when a lenient reading (Client: a schema's output) takes every answer the server may send
 * (Contract: a generated type) and reads no field the contract lacks. Leniency (a default for a
 * missing field, a wider type) stays allowed; a field the server renamed or dropped does not.
 */
export type ReadsContract<Client, Contract> = [Contract] extends [{ [K in keyof Client]?: Client[K] }]
  ? [Exclude<keyof Client, KeysOf<Contract>>] extends [never]
    ? true
    : false
  : false;

/**
 * Compile-time only (a no-op at run time): `readsContract<Plan, ApiSchema<'PlanResponse'>>()`
 * type-checks only when ReadsContract holds; otherwise TypeScript asks for an argument.
 */
export function readsContract<Client, Contract>(..._proof: ReadsContract<Client, Contract> extends true ? [] : [mismatch: never]): void {
  // Nothing to do at run time.
}

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
