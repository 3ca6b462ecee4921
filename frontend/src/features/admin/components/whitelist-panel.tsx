import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { failureText } from '../../../shared/api/error-text';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { notifyError } from '../../../shared/ui/notify';
import { QueryStatus } from '../../../shared/ui/query-status';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import {
  pagedItems,
  pagedTotal,
  useAddWhitelistEntryMutation,
  useSetWhitelistEntryActiveMutation,
  useWhitelistInfiniteQuery,
  WHITELIST_TYPES,
  type WhitelistEntry,
  type WhitelistType,
} from '../api/admin.api';
import { formatDate, isoDate } from '../lib/format';
import { Badge, PagedFooter, pagedIsEmpty, pagedState, RowSkeletons } from './admin-parts';
import parts from './admin-parts.module.css';

const TYPE_LABELS: Readonly<Record<WhitelistType, string>> = { ip: 'IP address', email: 'E-mail', fingerprint: 'Fingerprint' };
const TYPE_OPTIONS = WHITELIST_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }));
export const VALUE_MAX_LENGTH = 255;

function typeLabel(type: string): string {
  return TYPE_LABELS[type as WhitelistType] ?? type;
}

function AddEntryForm() {
  const [addEntry, { isLoading }] = useAddWhitelistEntryMutation();
  const [type, setType] = useState<WhitelistType>('ip');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const sending = useRef(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    const trimmed = value.trim();
    if (!trimmed) {
      setError('Enter a value');
      return;
    }
    setError(undefined);
    sending.current = true;
    try {
      await addEntry({ type, value: trimmed, ...(reason.trim() ? { reason: reason.trim() } : {}) }).unwrap();
      toast.success('Whitelist entry added', { description: `${typeLabel(type)} ${trimmed}` });
      setValue('');
      setReason('');
    } catch (failure) {
      notifyError('Failed to add whitelist entry', { description: failureText(failure, 'Please try again.') });
    } finally {
      sending.current = false;
    }
  }

  return (
    <form className={parts.form} noValidate aria-label="Add a whitelist entry" onSubmit={(event) => void onSubmit(event)}>
      <div className={parts.formRow}>
        <SelectField
          label="Type"
          options={TYPE_OPTIONS}
          value={type}
          onChange={(event) => setType(event.target.value as WhitelistType)}
        />
        <TextField
          label="Value"
          value={value}
          maxLength={VALUE_MAX_LENGTH}
          autoComplete="off"
          error={error}
          onChange={(event) => {
            setValue(event.target.value);
            if (error) setError(undefined);
          }}
        />
        <TextField label="Reason" optional value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
      </div>
      <div className={parts.actions}>
        <Button type="submit" variant="primary" aria-disabled={isLoading || undefined} aria-busy={isLoading || undefined}>
          {isLoading ? 'Adding...' : 'Add Entry'}
        </Button>
      </div>
    </form>
  );
}

function useActiveToggle() {
  const [setActive] = useSetWhitelistEntryActiveMutation();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const running = useRef(false);

  async function toggle(entry: WhitelistEntry) {
    if (running.current) return;
    running.current = true;
    setPendingId(entry.id);
    try {
      const updated = await setActive({ id: entry.id, isActive: !entry.isActive }).unwrap();
      toast.success('Whitelist entry updated', {
        description: `${entry.value} is now ${updated.isActive ? 'active' : 'inactive'}.`,
      });
    } catch (failure) {
      notifyError('Failed to update whitelist entry', { description: failureText(failure, 'Please try again.') });
    } finally {
      running.current = false;
      setPendingId(null);
    }
  }

  return { toggle, pendingId };
}

/** Moderation (D19): the admin_whitelist entries with their active toggle, and the add form. */
export function WhitelistPanel() {
  const headingId = useId();
  const listHeadingId = useId();
  const entries = useWhitelistInfiniteQuery();
  const active = useActiveToggle();
  const total = pagedTotal(entries.currentData);

  return (
    <Card as="section" className={parts.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={parts.panelTitle}>
        Whitelist
      </h2>
      <AddEntryForm />
      <h3 id={listHeadingId} className={parts.subTitle}>
        {total === null ? 'Entries' : `Entries (${total})`}
      </h3>
      <QueryStatus
        query={pagedState(entries)}
        loadingText="Loading whitelist entries..."
        skeleton={<RowSkeletons rows={2} height="4rem" />}
        errorText="Could not load the whitelist."
        emptyText="No whitelist entries."
        isEmpty={pagedIsEmpty}
      >
        {(data) => (
          <>
            <ul className={parts.list} aria-labelledby={listHeadingId}>
              {pagedItems<WhitelistEntry>(data, (row) => row.id).map((entry) => {
                const busy = active.pendingId === entry.id;
                return (
                  <li key={entry.id} className={parts.row}>
                    <div className={parts.rowHead}>
                      <p className={`${parts.rowTitle} ${parts.mono}`}>{entry.value}</p>
                      <div className={parts.badges}>
                        <Badge tone="neutral">{typeLabel(entry.type)}</Badge>
                        {entry.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="neutral">Inactive</Badge>}
                      </div>
                    </div>
                    <p className={parts.muted}>
                      {entry.reason ? `${entry.reason} · ` : ''}Added{' '}
                      <time dateTime={isoDate(entry.createdAt)}>{formatDate(entry.createdAt)}</time>
                    </p>
                    <div className={parts.actions}>
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`${entry.isActive ? 'Deactivate' : 'Activate'} ${entry.value}`}
                        aria-disabled={active.pendingId !== null || undefined}
                        aria-busy={busy || undefined}
                        onClick={() => void active.toggle(entry)}
                      >
                        {busy ? 'Updating...' : entry.isActive ? 'Deactivate' : 'Activate'}
                      </Button>
                    </div>
                  </li>
                );
              })}
            </ul>
            <PagedFooter result={entries} />
          </>
        )}
      </QueryStatus>
    </Card>
  );
}
