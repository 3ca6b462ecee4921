import { useId } from 'react';
import { Button, type ButtonVariant } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { QueryStatus } from '../../../shared/ui/query-status';
import { Skeleton } from '../../../shared/ui/skeleton';
import {
  FALLBACK_POLL_INTERVAL_MS,
  SPEC_FALLBACK_CONFIGURATION,
  useFallbackStatusQuery,
  type FallbackConfiguration,
  type FallbackStatus,
} from '../api/admin.api';
import { useFallbackActions, type FallbackAction, type LastTest } from '../hooks/use-fallback-actions';
import {
  fallbackStateLabel,
  hasFallbackModel,
  LOCAL_ENGINE_NOTE,
  minutesLabel,
  NO_FALLBACK_HINT,
  nextRetryAt,
  overrideLabel,
  STATUS_POLL_SECONDS,
  TARGET_UPTIME,
  testResultText,
} from '../lib/fallback';
import { formatCount, formatDateTime } from '../lib/format';
import { Badge, Facts, type FactItem } from './admin-parts';
import parts from './admin-parts.module.css';
import styles from './system-reliability-tab.module.css';

function statusFacts(status: FallbackStatus, now: number, lastTest: LastTest | null): FactItem[] {
  const retry = nextRetryAt(status, now);
  const items: FactItem[] = [
    { label: 'Current model', value: status.currentModel || 'Unknown' },
    {
      label: 'Status',
      value: <Badge tone={status.isActive ? 'warning' : 'success'}>{fallbackStateLabel(status)}</Badge>,
    },
    {
      label: 'Failure count',
      value: `${formatCount(status.failureCount)} of ${formatCount(status.configuration.failureThreshold)}`,
    },
    { label: 'Admin override', value: overrideLabel(status.adminOverride) },
  ];
  // 001 §2: the next retry time only while it is in the future.
  if (retry !== null) items.push({ label: 'Next retry', value: formatDateTime(retry) });
  items.push({ label: 'Last failure', value: status.lastFailureTime === null ? 'None' : formatDateTime(status.lastFailureTime) });
  if (lastTest) {
    items.push({ label: 'Last test', value: `${testResultText(lastTest.result)} (${formatDateTime(lastTest.at)})` });
  }
  return items;
}

/** 001 §2 "System Status", polled every 5 s while this tab is shown. */
function SystemStatus({ lastTest }: { lastTest: LastTest | null }) {
  const status = useFallbackStatusQuery(undefined, { pollingInterval: FALLBACK_POLL_INTERVAL_MS });
  const headingId = useId();
  return (
    <Card as="section" className={parts.panel} aria-labelledby={headingId}>
      <div className={parts.panelHead}>
        <h2 id={headingId} className={parts.panelTitle}>
          System Status
        </h2>
        <p className={parts.muted}>Updates every {STATUS_POLL_SECONDS} seconds</p>
      </div>
      <QueryStatus
        query={status}
        loadingText="Loading the system status..."
        skeleton={<Skeleton height="8rem" />}
        errorText="Could not load the system status."
        emptyText="No status."
        isEmpty={() => false}
      >
        {(data) => (
          <div aria-live="polite" className={styles.status}>
            <Facts items={statusFacts(data, Date.now(), lastTest)} />
            {hasFallbackModel(data) ? null : (
              <p className={styles.localNote} role="note">
                {LOCAL_ENGINE_NOTE}
              </p>
            )}
          </div>
        )}
      </QueryStatus>
    </Card>
  );
}

interface ControlButton {
  action: FallbackAction;
  label: string;
  pendingLabel: string;
  variant: ButtonVariant;
  hint: string;
}

const CONTROLS: readonly ControlButton[] = [
  {
    action: 'force-on',
    label: 'Force Fallback On',
    pendingLabel: 'Updating...',
    variant: 'secondary',
    hint: 'Use the fallback model until you change it back.',
  },
  {
    action: 'force-off',
    label: 'Force Fallback Off',
    pendingLabel: 'Updating...',
    variant: 'secondary',
    hint: 'Use the primary model whatever the failures.',
  },
  {
    action: 'automatic',
    label: 'Return to Automatic',
    pendingLabel: 'Updating...',
    variant: 'secondary',
    hint: 'Let failures and recovery tests decide again.',
  },
  {
    action: 'reset',
    label: 'Reset Failures',
    pendingLabel: 'Resetting...',
    variant: 'destructive',
    hint: 'Set the failure count to 0 and end the fallback.',
  },
  {
    action: 'test',
    label: 'Run Test',
    pendingLabel: 'Testing...',
    variant: 'primary',
    hint: 'Run one real generation against the active model.',
  },
];

function AdminControls({
  pending,
  canForceOn,
  onAction,
}: {
  pending: FallbackAction | null;
  /** false with the local engine: there is no fallback model to force (issue 24). */
  canForceOn: boolean;
  onAction: (action: FallbackAction) => void;
}) {
  const headingId = useId();
  return (
    <Card as="section" className={parts.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={parts.panelTitle}>
        Admin Controls
      </h2>
      <ul className={styles.controls}>
        {CONTROLS.map((control) => {
          const hintId = `${headingId}-${control.action}`;
          const busy = pending === control.action;
          const unavailable = control.action === 'force-on' && !canForceOn;
          return (
            <li key={control.action} className={styles.control}>
              <Button
                variant={control.variant}
                block
                aria-describedby={hintId}
                aria-disabled={pending !== null || unavailable || undefined}
                aria-busy={busy || undefined}
                onClick={() => onAction(control.action)}
              >
                {busy ? control.pendingLabel : control.label}
              </Button>
              <p id={hintId} className={parts.muted}>
                {unavailable ? NO_FALLBACK_HINT : control.hint}
              </p>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function engineLabel(configuration: FallbackConfiguration): string {
  return configuration.engine === 'local' ? 'Local engine' : 'Replicate';
}

function SystemConfiguration({ configuration }: { configuration: FallbackConfiguration }) {
  const headingId = useId();
  return (
    <Card as="section" className={parts.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={parts.panelTitle}>
        System Configuration
      </h2>
      <Facts
        items={[
          { label: 'Engine', value: engineLabel(configuration) },
          { label: 'Primary model', value: configuration.primaryModel },
          { label: 'Fallback model', value: configuration.fallbackModel ?? 'None (the local engine has no fallback)' },
          { label: 'Failure threshold', value: `${configuration.failureThreshold} consecutive failures` },
          { label: 'Fallback duration', value: minutesLabel(configuration.fallbackDurationMinutes) },
          { label: 'Retry interval', value: minutesLabel(configuration.recoveryIntervalMinutes) },
          { label: 'Status polling', value: `Every ${STATUS_POLL_SECONDS} seconds` },
          { label: 'Target uptime', value: TARGET_UPTIME },
        ]}
      />
    </Card>
  );
}

function HowItWorks({ configuration }: { configuration: FallbackConfiguration }) {
  const headingId = useId();
  // The explanation names the production models even when this server runs the local engine.
  const primary = configuration.engine === 'replicate' ? configuration.primaryModel : SPEC_FALLBACK_CONFIGURATION.primaryModel;
  const fallback =
    configuration.engine === 'replicate' && configuration.fallbackModel
      ? configuration.fallbackModel
      : SPEC_FALLBACK_CONFIGURATION.fallbackModel;
  return (
    <Card as="section" className={parts.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={parts.panelTitle}>
        How It Works
      </h2>
      <ul className={styles.steps}>
        <li>Images are made with the higher-tier model, {primary}, while it answers normally.</li>
        <li>
          E004 errors, service unavailable answers and timeouts count as failures. After {configuration.failureThreshold}{' '}
          consecutive failures the system switches to the cheaper fallback model, {fallback}, for{' '}
          {minutesLabel(configuration.fallbackDurationMinutes)}.
        </li>
        <li>
          A recovery test against {primary} runs every {minutesLabel(configuration.recoveryIntervalMinutes)}; when it
          succeeds, the system returns to normal.
        </li>
        <li>
          Admins can force the fallback on or off, return to automatic, reset the failure count (which also ends the
          fallback), or run a test generation against the active model.
        </li>
      </ul>
      {configuration.engine === 'local' ? (
        <p className={parts.muted}>This server uses the local engine, which has no fallback model.</p>
      ) : null}
    </Card>
  );
}

/**
 * 001 §2 "System Reliability": System Status (polled every 5 s while shown), Admin Controls,
 * System Configuration and How It Works.
 */
export function SystemReliabilityTab() {
  // The same cache entry the status card polls; the configuration falls back to 001 §9's numbers.
  const { data } = useFallbackStatusQuery();
  const configuration = data?.configuration ?? SPEC_FALLBACK_CONFIGURATION;
  const canForceOn = data ? hasFallbackModel(data) : true;
  const actions = useFallbackActions({ canForceOn });
  return (
    <div className={styles.layout}>
      <SystemStatus lastTest={actions.lastTest} />
      <AdminControls pending={actions.pending} canForceOn={canForceOn} onAction={(action) => void actions.perform(action)} />
      <SystemConfiguration configuration={configuration} />
      <HowItWorks configuration={configuration} />
    </div>
  );
}
