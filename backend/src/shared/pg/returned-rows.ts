/**
 * TypeORM's postgres driver answers an UPDATE/DELETE with `[rows, rowCount]` and anything else
 * with the rows; this gives the RETURNING rows in both cases.
 */
export function returnedRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as T[];
  }
  return result as T[];
}
