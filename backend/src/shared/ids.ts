/**
 * Every id in the product is a UUID (ADR 0005). Checking the shape before a query keeps a
 * malformed id from reaching a uuid cast in SQL (a 500) and lets it be answered like an unknown
 * one. Plain TypeScript: a domain may use it.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
