/**
 * ADR 0027, one API contract: the shapes of the server's answers and request bodies, read from the
 * types openapi-typescript generated from the server's OpenAPI document (./generated/openapi.ts,
 * `npm run api:generate`; never edited by hand). Features name their answers through these
 * aliases instead of declaring their own copy; where a screen needs a shape of its own it derives
 * it from these (Pick, Omit, &), so that a change on the server shows here as a type error.
 */
import type { components, paths } from './generated/openapi';

export type ApiSchemas = components['schemas'];

/** A named shape of the document (a response class or DTO of the server), e.g. `ApiSchema<'UserResponse'>`. */
export type ApiSchema<Name extends keyof ApiSchemas> = ApiSchemas[Name];

export type ApiPath = keyof paths;
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Operation<P extends ApiPath, M extends ApiMethod> = NonNullable<paths[P][M]>;
type Responses<P extends ApiPath, M extends ApiMethod> = Operation<P, M> extends { responses: infer R } ? R : never;
type JsonContent<R> = R extends { content: { 'application/json': infer J } } ? J : never;

/** The JSON body of METHOD PATH's success answer (200 or 201), e.g. `ApiAnswer<'/api/user', 'get'>`. */
export type ApiAnswer<P extends ApiPath, M extends ApiMethod> = JsonContent<Responses<P, M>[200 & keyof Responses<P, M>]> | JsonContent<Responses<P, M>[201 & keyof Responses<P, M>]>;

/** The JSON body METHOD PATH takes, e.g. `ApiBody<'/api/login', 'post'>`. */
export type ApiBody<P extends ApiPath, M extends ApiMethod> = Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

/** Every failure code METHOD PATH declares, e.g. `ApiErrorCode<'/api/login', 'post'>` includes 'IDENTITY.INVALID_CREDENTIALS'. */
export type ApiErrorCode<P extends ApiPath, M extends ApiMethod> = {
  [S in ErrorStatus & keyof Responses<P, M>]: JsonContent<Responses<P, M>[S]> extends { code: infer C } ? C : never;
}[ErrorStatus & keyof Responses<P, M>];

/** The `{message, error, code}` body of every failed /api call. */
export type ApiErrorBody = ApiSchema<'ErrorBody'>;
