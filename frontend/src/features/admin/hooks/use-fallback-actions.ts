import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { failureText } from '../../../shared/api/error-text';
import { notifyError } from '../../../shared/ui/notify';
import {
  useResetFallbackMutation,
  useSetFallbackOverrideMutation,
  useTestFallbackMutation,
  type FallbackTestResult,
} from '../api/admin.api';
import { overrideUpdatedText, resetDoneText, testResultText } from '../lib/fallback';

export type FallbackAction = 'force-on' | 'force-off' | 'automatic' | 'reset' | 'test';

const OVERRIDE_VALUE: Readonly<Record<'force-on' | 'force-off' | 'automatic', boolean | null>> = {
  'force-on': true,
  'force-off': false,
  automatic: null,
};

export interface LastTest {
  result: FallbackTestResult;
  /** ms */
  at: number;
}

/**
 * 001 §2 / §4 / §8 Admin Controls: force the fallback on or off, return to automatic, reset the
 * failures, run a test; each with its toast, which says what the server answered (the card shows
 * the same answer). One action runs at a time. `canForceOn` false (the local engine, which has no
 * fallback model) makes Force Fallback On do nothing.
 */
export function useFallbackActions({ canForceOn = true }: { canForceOn?: boolean } = {}) {
  const [setOverride] = useSetFallbackOverrideMutation();
  const [reset] = useResetFallbackMutation();
  const [runTest] = useTestFallbackMutation();
  const [pending, setPending] = useState<FallbackAction | null>(null);
  const [lastTest, setLastTest] = useState<LastTest | null>(null);
  const running = useRef(false);

  async function perform(action: FallbackAction) {
    if (running.current || (action === 'force-on' && !canForceOn)) return;
    running.current = true;
    setPending(action);
    try {
      if (action === 'reset') await doReset();
      else if (action === 'test') await doTest();
      else await doOverride(OVERRIDE_VALUE[action]);
    } finally {
      running.current = false;
      setPending(null);
    }
  }

  async function doOverride(enabled: boolean | null) {
    try {
      const status = await setOverride(enabled).unwrap();
      toast.success('Fallback override updated', { description: overrideUpdatedText(status) });
    } catch (error) {
      notifyError('Failed to update fallback override', { description: failureText(error, 'Please try again.') });
    }
  }

  async function doReset() {
    try {
      const status = await reset().unwrap();
      toast.success('Fallback system reset', { description: resetDoneText(status) });
    } catch (error) {
      notifyError('Failed to reset fallback system', { description: failureText(error, 'Please try again.') });
    }
  }

  async function doTest() {
    try {
      const result = await runTest().unwrap();
      setLastTest({ result, at: Date.now() });
      if (result.success) toast.success('Test Complete', { description: testResultText(result) });
      else notifyError('Test Complete', { description: testResultText(result) });
    } catch (error) {
      notifyError('Failed to run test', { description: failureText(error, 'Please try again.') });
    }
  }

  return { perform, pending, lastTest };
}
