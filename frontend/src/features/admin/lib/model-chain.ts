/**
 * How the System Reliability tab reads the model chain (D41): the models tried in order, each
 * with its status, failures, price and reliability over 24 hours and 7 days.
 */
import type { ChainModel, ModelChain, ModelReliability, ModelStatus, ModelTestResult } from '../api/admin.api';
import { formatPercent } from './format';

/** What a figure the server has no value for reads as. */
export const NO_FIGURE = '—';

/** The chain card's note when the server runs the local engine (no REPLICATE_API_TOKEN). */
export const LOCAL_CHAIN_NOTE =
  'This server uses the local engine, which serves alone: there is no chain of models to order. ' +
  'The chain of Replicate models is set with MODEL_CHAIN and REPLICATE_API_TOKEN.';

/** Whether the local engine serves alone (no chain of Replicate models). */
export function servesAlone(chain: Pick<ModelChain, 'engine'>): boolean {
  return chain.engine === 'local';
}

/** A model's name for people: its label, else its id. */
export function modelName(model: Pick<ChainModel, 'label' | 'model'>): string {
  return model.label || model.model;
}

const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** "14:05": a moment's local time of day, on a 24-hour clock. */
export function formatClock(ms: number): string {
  return clock.format(new Date(ms));
}

const STATUS_LABELS: Readonly<Record<ModelStatus, string>> = {
  'in-use': 'In use',
  standby: 'Standby',
  skipped: 'Skipped',
  disabled: 'Disabled',
};

/** "In use", "Standby", "Skipped until 14:05" (local time), "Disabled". */
export function statusLabel(model: Pick<ChainModel, 'status' | 'skippedUntil'>): string {
  const label = STATUS_LABELS[model.status];
  return model.status === 'skipped' && model.skippedUntil !== null ? `${label} until ${formatClock(model.skippedUntil)}` : label;
}

/** "640 ms" under a second, "8.2 s" from one on; "—" when unknown. */
export function formatLatency(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return NO_FIGURE;
  const rounded = Math.round(ms);
  return rounded < 1000 ? `${rounded} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** "97.5%", or "—" without a rate. */
export function successRateText(rate: number | null): string {
  return rate === null ? NO_FIGURE : formatPercent(rate);
}

/** "40 calls: 97.5% success, p50 8.2 s, p95 12.4 s", or "no calls". */
export function reliabilityText(reliability: ModelReliability): string {
  const { attempts, successRate, p50Ms, p95Ms } = reliability;
  if (attempts === 0) return 'no calls';
  const calls = `${attempts} ${attempts === 1 ? 'call' : 'calls'}`;
  return `${calls}: ${successRateText(successRate)} success, p50 ${formatLatency(p50Ms)}, p95 ${formatLatency(p95Ms)}`;
}

export type MoveDirection = 'up' | 'down';

/**
 * The chain's model ids with the one at `index` moved one place up (tried sooner) or down; null
 * when it cannot move that way (the first one up, the last one down).
 */
export function movedOrder(models: readonly string[], index: number, direction: MoveDirection): string[] | null {
  const target = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || index >= models.length || target < 0 || target >= models.length) return null;
  const order = [...models];
  [order[index], order[target]] = [order[target]!, order[index]!];
  return order;
}

/** "Test Complete": "{label}: Success (8.2 s)", or "{label}: Failed - {error}". */
export function chainTestText(label: string, result: Pick<ModelTestResult, 'success' | 'error' | 'latencyMs'>): string {
  if (result.success) return result.latencyMs === null ? `${label}: Success` : `${label}: Success (${formatLatency(result.latencyMs)})`;
  return result.error ? `${label}: Failed - ${result.error}` : `${label}: Failed`;
}
