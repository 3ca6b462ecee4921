import { TransientModelError } from '../domain/model-errors';

/**
 * D11: when a caller's AbortSignal ends a model call, did the model run out of time (a transient
 * failure that counts toward the fallback) or did the caller give up (the user went away: not the
 * model's fault)? A timeout aborts with a TimeoutError (AbortSignal.timeout) or with a
 * TransientModelError as its reason (the generation pipeline's own deadline); anything else is
 * the caller giving up.
 */
export function isTimeoutAbort(signal: AbortSignal | undefined): boolean {
  if (!signal?.aborted) return false;
  const reason: unknown = signal.reason;
  // A DOMException is not always an `instanceof Error` (another realm, e.g. under jest): go by its name.
  return reason instanceof TransientModelError || (typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'TimeoutError');
}

/** The caller aborted for a reason other than a timeout. */
export function isCallerAbort(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true && !isTimeoutAbort(signal);
}
