/**
 * ADR 0027: a small checker of an answer against the OpenAPI document, for the subset of JSON
 * Schema the document uses ($ref, allOf, oneOf, type, nullable, enum, properties, required, items,
 * additionalProperties). Objects are closed unless they say `additionalProperties`: a field the
 * server sends that the document does not name is a difference too.
 */

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

export interface Operation {
  operationId: string;
  summary?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: unknown;
  responses: Record<string, { description?: string; content?: Record<string, { schema: Schema }>; headers?: Record<string, unknown> }>;
  security?: unknown[];
}

export interface Schema {
  $ref?: string;
  allOf?: Schema[];
  oneOf?: Schema[];
  type?: string;
  format?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: boolean | Schema;
}

function resolve(doc: OpenApiDocument, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const found = doc.components.schemas[name];
  if (!found) throw new Error(`Unknown schema ${schema.$ref}`);
  return found;
}

/** Every problem with `value` as an instance of `schema` ([] when it conforms). */
export function conformance(doc: OpenApiDocument, schema: Schema, value: unknown, at = '$'): string[] {
  const s = resolve(doc, schema);
  if (value === null) return s.nullable || s.enum?.includes(null) ? [] : [`${at}: null is not allowed`];
  if (s.allOf) {
    const parts = s.allOf.map((part) => resolve(doc, part));
    // Plain values: each part's check applies (a string narrowed to an enum).
    if (parts.every((part) => !part.properties)) return parts.flatMap((part) => conformance(doc, part, value, at));
    // An object made of several parts: each part's own fields, checked together.
    return conformance(doc, mergeAllOf(doc, s), value, at);
  }
  if (s.oneOf) {
    const matching = s.oneOf.filter((option) => conformance(doc, option, value, at).length === 0);
    return matching.length === 1 ? [] : [`${at}: matches ${matching.length} of the ${s.oneOf.length} oneOf options`];
  }
  const problems: string[] = [];
  if (s.enum && !s.enum.includes(value)) problems.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(s.enum)}`);
  switch (s.type) {
    case 'string':
      if (typeof value !== 'string') problems.push(`${at}: expected a string`);
      break;
    case 'number':
    case 'integer':
      if (typeof value !== 'number') problems.push(`${at}: expected a number`);
      break;
    case 'boolean':
      if (typeof value !== 'boolean') problems.push(`${at}: expected a boolean`);
      break;
    case 'array':
      if (!Array.isArray(value)) problems.push(`${at}: expected an array`);
      else if (s.items) value.forEach((item, i) => problems.push(...conformance(doc, s.items as Schema, item, `${at}[${i}]`)));
      break;
    case 'object':
    case undefined:
      if (s.properties || s.additionalProperties !== undefined) problems.push(...objectConformance(doc, s, value, at));
      break;
  }
  return problems;
}

function mergeAllOf(doc: OpenApiDocument, s: Schema): Schema {
  const parts = (s.allOf ?? []).map((part) => resolve(doc, part));
  const properties: Record<string, Schema> = {};
  const required = new Set<string>();
  for (const part of parts) {
    for (const [key, value] of Object.entries(part.properties ?? {})) {
      // A later part narrows a field of an earlier one (an error's code enum): keep both checks.
      properties[key] = properties[key] ? { allOf: [properties[key]!, value] } : value;
    }
    for (const key of part.required ?? []) required.add(key);
  }
  return { type: 'object', properties, required: [...required], nullable: s.nullable };
}

function objectConformance(doc: OpenApiDocument, s: Schema, value: unknown, at: string): string[] {
  if (typeof value !== 'object' || Array.isArray(value)) return [`${at}: expected an object`];
  const problems: string[] = [];
  const record = value as Record<string, unknown>;
  for (const key of s.required ?? []) if (!(key in record)) problems.push(`${at}.${key}: required, missing`);
  for (const [key, field] of Object.entries(record)) {
    const declared = s.properties?.[key];
    if (declared) problems.push(...conformance(doc, declared, field, `${at}.${key}`));
    else if (s.additionalProperties === undefined || s.additionalProperties === false) problems.push(`${at}.${key}: sent, but not in the document`);
  }
  return problems;
}

/** The operation of a method and a concrete path (`/api/images/abc/share` finds `/api/images/{id}/share`). */
export function operationFor(doc: OpenApiDocument, method: string, concretePath: string): Operation {
  for (const [template, item] of Object.entries(doc.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    const op = item[method.toLowerCase()];
    if (op && pattern.test(concretePath)) return op;
  }
  throw new Error(`The document has no ${method} ${concretePath}`);
}

/**
 * Problems with an answer (status and JSON body) as the document declares the operation's answers:
 * the status must be declared, and the body must conform to its application/json schema.
 */
export function answerProblems(doc: OpenApiDocument, method: string, path: string, status: number, body: unknown): string[] {
  const op = operationFor(doc, method, path);
  const response = op.responses[String(status)];
  if (!response) return [`${method} ${path}: answered ${status}, which ${op.operationId} does not declare`];
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return [];
  return conformance(doc, schema, body).map((p) => `${method} ${path} ${status}: ${p}`);
}
