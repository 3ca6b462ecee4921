/**
 * The body of add-laugh and remove-laugh: `{ userIdentifier }`. It is read by hand rather than by a
 * validation pipe so that any body (missing, not an object, a wrong type) reaches the one
 * identifier rule (checkUserIdentifier) and gets its 400.
 */
export interface LaughBody {
  userIdentifier?: unknown;
}

export function userIdentifierOf(body: unknown): unknown {
  return body && typeof body === 'object' ? (body as LaughBody).userIdentifier : undefined;
}
