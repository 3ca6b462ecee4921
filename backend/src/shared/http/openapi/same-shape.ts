/**
 * ADR 0027: where an answer's type lives in the application or domain (which may not import
 * @nestjs/swagger), the response class the document is generated from is checked against it at
 * compile time, so the document cannot say something else than the server sends.
 */

/** What a value of T becomes in JSON: a Date is its ISO string; readonly and methods do not matter. */
export type Json<T> = T extends Date
  ? string
  : T extends ReadonlyArray<infer E>
    ? Array<Json<E>>
    : T extends object
      ? { -readonly [K in keyof T]: Json<T[K]> }
      : T;

/** true only when A and B are the same type (not merely assignable one way). */
export type Same<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;

/**
 * Compile-time only (a no-op at run time): `sameJsonShape<SavedImageResponse, SavedImageView>()`
 * type-checks only when both become the same JSON: the same fields, each with the same type,
 * optional and nullable alike. When they differ, TypeScript asks for an argument ("Expected 1
 * arguments"): make the response class say what the server sends.
 */
export function sameJsonShape<Declared, Sent>(..._proof: Same<Json<Declared>, Json<Sent>> extends true ? [] : [mismatch: never]): void {
  // Nothing to do at run time.
}
