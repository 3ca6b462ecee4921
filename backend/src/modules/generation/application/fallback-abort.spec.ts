import { TransientModelError } from '../domain/model-errors';
import { isCallerAbort, isTimeoutAbort } from './fallback-abort';

const aborted = (reason: unknown) => {
  const c = new AbortController();
  c.abort(reason);
  return c.signal;
};

describe('D11: which aborts count as a model timeout', () => {
  it('a deadline counts (TimeoutError, or the pipeline aborting with a TransientModelError)', () => {
    expect(isTimeoutAbort(aborted(new DOMException('late', 'TimeoutError')))).toBe(true);
    expect(isTimeoutAbort(aborted(new TransientModelError('The model did not answer within 120000 ms')))).toBe(true);
    expect(isCallerAbort(aborted(new TransientModelError('late')))).toBe(false);
  });

  it('the caller giving up for any other reason does not; nor does a signal that never aborted', () => {
    expect(isCallerAbort(aborted(new Error('The request was cancelled')))).toBe(true);
    expect(isCallerAbort(aborted(undefined))).toBe(true);
    expect(isTimeoutAbort(new AbortController().signal)).toBe(false);
    expect(isCallerAbort(new AbortController().signal)).toBe(false);
    expect(isCallerAbort(undefined)).toBe(false);
  });
});
