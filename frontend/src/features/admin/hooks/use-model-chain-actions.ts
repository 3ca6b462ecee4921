import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { getErrorStatus } from '../../../shared/api/base-api';
import { failureText, serverMessage } from '../../../shared/api/error-text';
import { notifyError } from '../../../shared/ui/notify';
import {
  useReorderModelsMutation,
  useSetModelEnabledMutation,
  useTestChainModelMutation,
  type ChainModel,
  type ModelChain,
} from '../api/admin.api';
import { chainTestText, modelName, movedOrder, type MoveDirection } from '../lib/model-chain';

export type ChainAction = MoveDirection | 'enable' | 'disable' | 'test';

/** The chain action under way: which model, and what. */
export interface PendingChainAction {
  model: string;
  action: ChainAction;
}

/**
 * A failed chain action's toast: the server's own sentence when it refused the change (409, e.g.
 * "At least one model of the chain must stay enabled."), else the action's title and the reason.
 */
function notifyChainFailure(title: string, error: unknown): void {
  const refusal = getErrorStatus(error) === 409 ? serverMessage(error) : undefined;
  if (refusal) notifyError(refusal);
  else notifyError(title, { description: failureText(error, 'Please try again.') });
}

/**
 * D41's chain controls: move a model up or down (the whole new order is sent), disable or enable
 * it, run a test generation against it; each with its toast. One action runs at a time, since a
 * new order is worked out from the chain as shown.
 */
export function useModelChainActions() {
  const [reorder] = useReorderModelsMutation();
  const [setEnabled] = useSetModelEnabledMutation();
  const [runTest] = useTestChainModelMutation();
  const [pending, setPending] = useState<PendingChainAction | null>(null);
  const running = useRef(false);

  async function run(next: PendingChainAction, work: () => Promise<boolean>): Promise<boolean> {
    if (running.current) return false;
    running.current = true;
    setPending(next);
    try {
      return await work();
    } finally {
      running.current = false;
      setPending(null);
    }
  }

  /** Moves the model at `index` one place; true once the server took the new order. */
  function move(chain: ModelChain, index: number, direction: MoveDirection): Promise<boolean> {
    const model = chain.models[index];
    const order = movedOrder(
      chain.models.map((entry) => entry.model),
      index,
      direction,
    );
    if (!model || !order) return Promise.resolve(false);
    return run({ model: model.model, action: direction }, async () => {
      try {
        const answer = await reorder({ models: order }).unwrap();
        const first = answer.models[0];
        toast.success('Model chain reordered', first ? { description: `${modelName(first)} is tried first.` } : undefined);
        return true;
      } catch (error) {
        notifyChainFailure('Failed to reorder the model chain', error);
        return false;
      }
    });
  }

  /** Disables an enabled model, enables a disabled one. */
  function toggle(model: ChainModel): Promise<boolean> {
    const enabled = model.status === 'disabled';
    const label = modelName(model);
    return run({ model: model.model, action: enabled ? 'enable' : 'disable' }, async () => {
      try {
        await setEnabled({ model: model.model, enabled }).unwrap();
        toast.success(enabled ? `${label} enabled` : `${label} disabled`);
        return true;
      } catch (error) {
        notifyChainFailure('Failed to update the model', error);
        return false;
      }
    });
  }

  /** One real generation against the model: "Test Complete" with the outcome. */
  function test(model: ChainModel): Promise<boolean> {
    const label = modelName(model);
    return run({ model: model.model, action: 'test' }, async () => {
      try {
        const result = await runTest({ model: model.model }).unwrap();
        if (result.success) toast.success('Test Complete', { description: chainTestText(label, result) });
        else notifyError('Test Complete', { description: chainTestText(label, result) });
        return true;
      } catch (error) {
        notifyChainFailure('Failed to run test', error);
        return false;
      }
    });
  }

  return { pending, move, toggle, test };
}
