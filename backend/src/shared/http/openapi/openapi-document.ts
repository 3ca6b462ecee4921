import { GUARDS_METADATA, INTERCEPTORS_METADATA, HEADERS_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { INestApplication, Type } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { OperationObject, ParameterObject, PathItemObject, ReferenceObject, ResponseObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { AdminGuard, SignedInGuard } from '../../auth/guards';
import { SESSION_COOKIE } from '../../auth/session-cookie';
import { NoStoreInterceptor } from '../no-store';
import { copyOf, declaredErrors, type ErrorTable, ErrorBodyResponse, errorTable, FieldErrorResponse, mergeErrors } from './api-errors';

/**
 * ADR 0027: the API contract is the server's code. This builds the OpenAPI document from the
 * running (or previewed) Nest app: @nestjs/swagger reads the controllers, their DTOs and response
 * classes; then every operation gets the failures the pipeline and its guards answer by themselves,
 * and the whole is put in a stable order, so the same code always gives the same bytes
 * (backend/openapi/openapi.json, checked by `npm run api:check`).
 */

export const API_TITLE = 'Magic Editor API';

/** The security scheme of the session cookie (ADR 0006). */
export const COOKIE_AUTH = 'cookie';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);

/** Answered by the pipeline before or around any handler (configure-app.ts, error-response.ts). */
const EVERY_CALL = errorTable({
  400: { 'HTTP.NUL_CHARACTER': 'A NUL character in the query or the body.' },
  500: { INTERNAL: 'Anything unexpected; the body carries a correlationId, never a stack trace.' },
  503: { 'DATABASE.BUSY': 'The database is too busy right now (a lock, statement or pool wait past its limit); try again.' },
});

/** Answered by the same-origin check and the body parsers for a state-changing call. */
const STATE_CHANGING_CALL = errorTable({
  400: {
    'HTTP.BAD_REQUEST': 'The body is not valid JSON.',
    'HTTP.BODY_TOO_DEEP': 'The body is nested deeper than 32 levels.',
  },
  403: { 'HTTP.CROSS_SITE': 'The request came from another site (Origin or Sec-Fetch-Site, D18).' },
  413: { 'HTTP.PAYLOAD_TOO_LARGE': 'The body is larger than JSON_BODY_LIMIT.' },
  415: { 'HTTP.UNSUPPORTED_MEDIA_TYPE': 'The body has a charset or content encoding the parser does not read.' },
});

const SIGNED_IN = errorTable({ 401: { 'AUTH.REQUIRED': 'Not signed in (or the session ended).' } });
const ADMIN = mergeErrors(copyOf(SIGNED_IN), errorTable({ 403: { 'AUTH.ADMIN_ONLY': 'Signed in, but not an admin (D22, D25).' } }));
const INVALID_INPUT = errorTable({ 400: { 'VALIDATION.FAILED': 'A field is missing or wrong; `details` lists each field and its messages.' } });

export interface Handler {
  controller: Type;
  method: string;
}

/** Every controller method of the app, by the operationId @nestjs/swagger gives it (`Class_method`). */
function handlersOf(app: INestApplication): Map<string, Handler> {
  const container = (app as unknown as { container: { getModules(): Map<string, { controllers: Map<unknown, { metatype: Type | null }> }> } }).container;
  const handlers = new Map<string, Handler>();
  for (const module of container.getModules().values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype;
      if (!controller) continue;
      for (const method of Object.getOwnPropertyNames(controller.prototype)) {
        if (method !== 'constructor') handlers.set(`${controller.name}_${method}`, { controller, method });
      }
    }
  }
  return handlers;
}

function guardsOf(handler: Handler): unknown[] {
  const fn = (handler.controller.prototype as Record<string, object>)[handler.method];
  return [...((Reflect.getMetadata(GUARDS_METADATA, handler.controller) as unknown[]) ?? []), ...((Reflect.getMetadata(GUARDS_METADATA, fn) as unknown[]) ?? [])];
}

function interceptorsOf(handler: Handler): unknown[] {
  const fn = (handler.controller.prototype as Record<string, object>)[handler.method];
  return [
    ...((Reflect.getMetadata(INTERCEPTORS_METADATA, handler.controller) as unknown[]) ?? []),
    ...((Reflect.getMetadata(INTERCEPTORS_METADATA, fn) as unknown[]) ?? []),
  ];
}

const PLAIN_TYPES = new Set<unknown>([Object, String, Number, Boolean, Array, Buffer, undefined]);

/** A @Body() or @Query() parameter typed with a DTO class: the global ValidationPipe checks it (400). */
function hasCheckedInput(handler: Handler): boolean {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, handler.controller, handler.method) as Record<string, { index: number }>) ?? {};
  const types = (Reflect.getMetadata('design:paramtypes', handler.controller.prototype as object, handler.method) as unknown[]) ?? [];
  return Object.entries(args).some(([key, arg]) => {
    const kind = Number(key.split(':')[0]);
    return (kind === RouteParamtypes.BODY || kind === RouteParamtypes.QUERY) && !PLAIN_TYPES.has(types[arg.index]);
  });
}

/** The failures of one operation: the pipeline's, its guards', its DTO's, and what the code declared. */
export function failuresOf(handler: Handler, httpMethod: string): ErrorTable {
  const errors = copyOf(EVERY_CALL);
  if (STATE_CHANGING.has(httpMethod)) mergeErrors(errors, STATE_CHANGING_CALL);
  const guards = guardsOf(handler);
  if (guards.includes(AdminGuard)) mergeErrors(errors, ADMIN);
  else if (guards.includes(SignedInGuard)) mergeErrors(errors, SIGNED_IN);
  if (hasCheckedInput(handler)) mergeErrors(errors, INVALID_INPUT);
  mergeErrors(errors, declaredErrors(handler.controller));
  mergeErrors(errors, declaredErrors((handler.controller.prototype as Record<string, object>)[handler.method]));
  return errors;
}

function errorResponse(codes: Map<string, string>): ResponseObject {
  const sorted = [...codes].sort(([a], [b]) => a.localeCompare(b));
  const schema: SchemaObject = {
    allOf: [
      { $ref: '#/components/schemas/ErrorBody' },
      { type: 'object', required: ['code'], properties: { code: { type: 'string', enum: sorted.map(([code]) => code) } } },
    ],
  };
  const description = sorted.map(([code, note]) => (note ? `\`${code}\`: ${note}` : `\`${code}\``)).join('\n\n');
  return { description, content: { 'application/json': { schema } } };
}

/** Cache-Control of the handler's answers, when it sets one (@NoStore(), @Header). */
function cacheControlOf(handler: Handler): string | undefined {
  if (interceptorsOf(handler).includes(NoStoreInterceptor)) return 'no-store';
  const fn = (handler.controller.prototype as Record<string, object>)[handler.method];
  const headers = (Reflect.getMetadata(HEADERS_METADATA, fn) as Array<{ name: string; value: string }>) ?? [];
  return headers.find((h) => h.name.toLowerCase() === 'cache-control')?.value;
}

function completeOperation(op: OperationObject, httpMethod: string, handler: Handler): void {
  const responses = op.responses as Record<string, ResponseObject>;
  for (const status of Object.keys(responses)) {
    if (Number(status) >= 400) {
      throw new Error(`${handler.controller.name}.${handler.method} declares a ${status} with a plain @nestjs/swagger decorator: use @ApiErrors (shared/http/openapi/api-errors.ts)`);
    }
  }
  for (const [status, codes] of failuresOf(handler, httpMethod)) responses[String(status)] = errorResponse(codes);
  const guards = guardsOf(handler);
  if (guards.includes(AdminGuard) || guards.includes(SignedInGuard)) op.security = [{ [COOKIE_AUTH]: [] }];
  const cacheControl = cacheControlOf(handler);
  if (cacheControl) {
    for (const [status, response] of Object.entries(responses)) {
      if (Number(status) >= 300) continue;
      response.headers = { ...response.headers, 'Cache-Control': { description: 'How caches may keep this answer.', schema: { type: 'string', example: cacheControl } } };
    }
  }
}

/** Objects with their keys in a fixed order, for the keys whose order came from load order. */
function sortedKeys<T>(record: Record<string, T>, compare: (a: string, b: string) => number = (a, b) => a.localeCompare(b)): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => compare(a, b)));
}

const PLACES = ['path', 'query', 'header', 'cookie'];

/** Parameters by where they go (path, query, header, cookie), then by name. */
function byPlaceAndName(a: ParameterObject | ReferenceObject, b: ParameterObject | ReferenceObject): number {
  if ('$ref' in a || '$ref' in b) return 0;
  return PLACES.indexOf(a.in) - PLACES.indexOf(b.in) || a.name.localeCompare(b.name);
}

function stableOrder(doc: OpenAPIObject): OpenAPIObject {
  const paths: Record<string, PathItemObject> = {};
  for (const [path, item] of Object.entries(sortedKeys(doc.paths))) {
    const ordered: Record<string, unknown> = {};
    for (const key of Object.keys(item).filter((k) => !(METHODS as readonly string[]).includes(k))) ordered[key] = (item as Record<string, unknown>)[key];
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      op.responses = sortedKeys(op.responses as Record<string, ResponseObject>);
      if (op.parameters) op.parameters = [...op.parameters].sort(byPlaceAndName);
      ordered[method] = op;
    }
    paths[path] = ordered as PathItemObject;
  }
  const components = doc.components ?? {};
  return {
    ...doc,
    tags: [...(doc.tags ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    paths,
    components: { ...components, schemas: sortedKeys(components.schemas ?? {}) },
  };
}

/**
 * The OpenAPI document of an app whose routes are registered under the /api prefix: what
 * /api/docs-json serves and what `npm run api:generate` writes.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const info = new DocumentBuilder()
    .setTitle(API_TITLE)
    .setDescription(
      'The HTTP API behind Magic Editor (docs/adr/0027-one-api-contract.md). Every failure answers the ErrorBody ' +
        '`{message, error, code}`; each operation lists its codes by status. Generated from the server: do not edit by hand.',
    )
    .setVersion('1')
    .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie (HttpOnly), set by sign-in and sign-up.' }, COOKIE_AUTH)
    .build();
  const doc = SwaggerModule.createDocument(app, info, { extraModels: [ErrorBodyResponse, FieldErrorResponse] });
  const handlers = handlersOf(app);
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const handler = op.operationId ? handlers.get(op.operationId) : undefined;
      if (!handler) throw new Error(`No handler found for ${method.toUpperCase()} ${path} (${op.operationId ?? 'no operationId'})`);
      completeOperation(op, method, handler);
    }
  }
  return stableOrder(doc);
}

/** The document as the checked-in file holds it: two-space JSON and a final newline. */
export function serialiseOpenApiDocument(doc: OpenAPIObject): string {
  return `${JSON.stringify(doc, null, 2)}\n`;
}
