import { scopeOfKey } from '../../domain/object-keys';

/**
 * Issue 24: `image.object_scope` says that every object key the image's rows record is under
 * `public/` or `private/`. A statement that records new keys keeps it when they are all under that
 * same scope and forgets it (NULL: the move job looks at the image) otherwise. `param` is the
 * placeholder of the scope the new keys are under (scopeOfRecordedKeys).
 */
export function keepOrForgetScope(param: string): string {
  return `"object_scope" = CASE WHEN ${param}::varchar IS NULL OR "object_scope" = ${param}::varchar THEN "object_scope" ELSE NULL END`;
}

/**
 * The scope of the keys a statement records, for keepOrForgetScope: null when it records none (the
 * bytes stay in the rows), 'mixed' (never a scope) when they are under several or a legacy prefix.
 */
export function scopeOfRecordedKeys(keys: ReadonlyArray<string | null>): string | null {
  const scopes = new Set(keys.filter((k): k is string => k !== null).map((k) => scopeOfKey(k) ?? 'legacy'));
  if (scopes.size === 0) return null;
  return scopes.size === 1 && !scopes.has('legacy') ? [...scopes][0] : 'mixed';
}
