/** How the Audit Log tab words an admin action (D32). */
import type { AuditEntry } from '../api/admin.api';

const ACTION_LABELS: Readonly<Record<string, string>> = {
  'user.suspend': 'Suspended user',
  'user.unsuspend': 'Unsuspended user',
  'credits.adjust': 'Adjusted credits',
  'fallback.override': 'Changed fallback override',
  'fallback.reset': 'Reset fallback',
  'fallback.test': 'Ran fallback test',
  'image.hide': 'Hid image',
  'image.show': 'Showed image',
  'whitelist.add': 'Added whitelist entry',
  'whitelist.update': 'Updated whitelist entry',
};

/** "Adjusted credits" for "credits.adjust"; an unknown action as it came. */
export function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

/** "user 3f2a…" style target text: the type and the id, or the type alone. */
export function targetText(entry: Pick<AuditEntry, 'targetType' | 'targetId'>): string {
  const type = entry.targetType || 'unknown';
  return entry.targetId ? `${type} ${entry.targetId}` : type;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The details as "key: value" pairs, shortened to `max` characters. */
export function detailsSummary(details: Readonly<Record<string, unknown>>, max = 160): string {
  const text = Object.entries(details)
    .map(([key, value]) => `${key}: ${valueText(value)}`)
    .join(', ');
  if (text === '') return 'None';
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** How an action ended, as the Audit Log says it: a row still `started` has an unknown outcome (ADR 0018). */
export function outcomeText(entry: { outcome: 'started' | 'succeeded' | 'failed'; error: string | null }): string {
  if (entry.outcome === 'succeeded') return 'Succeeded';
  if (entry.outcome === 'failed') return entry.error ? `Failed (${entry.error})` : 'Failed';
  return 'Outcome unknown';
}
