/**
 * D32: a credit adjustment carries an Idempotency-Key, so that a double click or a retry
 * adjusts once. A key belongs to one submission: submitting the same adjustment again after an
 * answer that left the outcome unknown (no answer, a timeout, a 5xx) reuses its key; anything
 * else (a success, a refusal, different values) starts a new one.
 */

/** A fresh key: crypto.randomUUID() where the browser has it (secure contexts), else random bytes. */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether a failed call may have been applied anyway (so a retry must reuse the key). */
export function outcomeUnknown(status: number): boolean {
  return status === 0 || status >= 500;
}

/** Remembers the key of the last unfinished submission. */
export class IdempotencyKeys {
  private last: { signature: string; key: string } | null = null;
  private readonly create: () => string;

  constructor(create: () => string = newIdempotencyKey) {
    this.create = create;
  }

  /** The key for a submission: the remembered one if it is the same submission, else a new one. */
  keyFor(signature: string): string {
    if (this.last?.signature === signature) return this.last.key;
    const key = this.create();
    this.last = { signature, key };
    return key;
  }

  /** After an answer: keep the key only while the outcome is unknown. */
  settle(outcome: 'done' | 'unknown'): void {
    if (outcome === 'done') this.last = null;
  }
}
