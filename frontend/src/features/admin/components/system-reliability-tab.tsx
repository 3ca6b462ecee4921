import { useEffect, useId, useRef, useState } from 'react';
import { cx } from '../../../shared/lib/cx';
import { Button, type ButtonVariant } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { QueryStatus } from '../../../shared/ui/query-status';
import { Skeleton } from '../../../shared/ui/skeleton';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden';
import {
  FALLBACK_POLL_INTERVAL_MS,
  SPEC_FALLBACK_CONFIGURATION,
  useFallbackStatusQuery,
  useModelChainQuery,
  type ChainModel,
  type FallbackConfiguration,
  type FallbackStatus,
  type ModelChain,
  type ModelStatus,
} from '../api/admin.api';
import { useFallbackActions, type FallbackAction, type LastTest } from '../hooks/use-fallback-actions';
import { useModelChainActions, type ChainAction, type PendingChainAction } from '../hooks/use-model-chain-actions';
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
import {
  LOCAL_CHAIN_NOTE,
  modelName,
  reliabilityText,
  servesAlone,
  statusLabel,
  type MoveDirection,
} from '../lib/model-chain';
import { Badge, Facts, RowSkeletons, type BadgeTone, type FactItem } from './admin-parts';
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

const STATUS_TONES: Readonly<Record<ModelStatus, BadgeTone>> = {
  'in-use': 'success',
  standby: 'neutral',
  skipped: 'warning',
  disabled: 'danger',
};

/** Where focus goes once a move has landed: the moved model's button, at its new place. */
interface FocusAfterMove {
  model: string;
  direction: MoveDirection;
  index: number;
}

/**
 * A chain action's button: its visible word ("Move up", "Disable", "Test") with the model's name
 * for screen readers ("Move FLUX.1 Kontext [max] up"), and "Moving up…", "Testing…" while its
 * action runs. While any chain action runs the others wait (aria-disabled keeps them focusable).
 */
function ChainButton({
  verb,
  busyVerb,
  after,
  label,
  busy,
  waiting,
  disabled,
  focusKey,
  onClick,
}: {
  verb: string;
  busyVerb: string;
  /** Words after the model's name ("up"). */
  after?: string;
  label: string;
  busy: boolean;
  waiting: boolean;
  disabled?: boolean;
  focusKey: string;
  onClick: () => void;
}) {
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={disabled}
      aria-disabled={(!disabled && waiting) || undefined}
      aria-busy={busy || undefined}
      data-chain-button={focusKey}
      onClick={onClick}
    >
      {/* One flex item, so that the words are spaced as text; the spaces stay outside the hidden
          name, since name computation trims an element's own text. */}
      <span>
        {busy ? busyVerb : verb}{' '}
        <VisuallyHidden>{label}</VisuallyHidden>
        {after ? ` ${after}` : null}
        {busy ? '…' : null}
      </span>
    </Button>
  );
}

function ChainRow({
  model,
  index,
  count,
  chain,
  pending,
  onAction,
}: {
  model: ChainModel;
  index: number;
  count: number;
  chain: ModelChain;
  pending: PendingChainAction | null;
  onAction: (model: ChainModel, index: number, action: ChainAction) => void;
}) {
  const titleId = useId();
  const label = modelName(model);
  const waiting = pending !== null;
  const busy = (action: ChainAction) => pending?.model === model.model && pending.action === action;
  const toggleAction: ChainAction = model.status === 'disabled' ? 'enable' : 'disable';
  const key = (action: string) => `${model.model}:${action}`;
  return (
    <li className={parts.row} aria-labelledby={titleId}>
      <div className={styles.modelHead}>
        <span className={styles.position}>
          <VisuallyHidden>Position</VisuallyHidden> {model.position || index + 1}
        </span>
        <div className={styles.modelName}>
          <h3 id={titleId} className={parts.rowTitle}>
            {label}
          </h3>
          <span className={parts.mono}>{model.model}</span>
          {model.vendor ? <span className={parts.muted}>{model.vendor}</span> : null}
        </div>
        <Badge tone={STATUS_TONES[model.status]}>{statusLabel(model)}</Badge>
      </div>
      <Facts
        items={[
          {
            label: 'Consecutive failures',
            value: `${formatCount(model.failureCount)} of ${formatCount(chain.failureThreshold)}`,
          },
          { label: 'Price', value: model.price.description || 'Unknown' },
          { label: 'Last 24 hours', value: reliabilityText(model.last24Hours) },
          { label: 'Last 7 days', value: reliabilityText(model.last7Days) },
        ]}
      />
      <div className={parts.actions}>
        <ChainButton
          verb="Move"
          busyVerb="Moving"
          after="up"
          label={label}
          busy={busy('up')}
          waiting={waiting}
          disabled={index === 0}
          focusKey={key('up')}
          onClick={() => onAction(model, index, 'up')}
        />
        <ChainButton
          verb="Move"
          busyVerb="Moving"
          after="down"
          label={label}
          busy={busy('down')}
          waiting={waiting}
          disabled={index === count - 1}
          focusKey={key('down')}
          onClick={() => onAction(model, index, 'down')}
        />
        <ChainButton
          verb={toggleAction === 'enable' ? 'Enable' : 'Disable'}
          busyVerb={toggleAction === 'enable' ? 'Enabling' : 'Disabling'}
          label={label}
          busy={busy(toggleAction)}
          waiting={waiting}
          focusKey={key('toggle')}
          onClick={() => onAction(model, index, toggleAction)}
        />
        <ChainButton
          verb="Test"
          busyVerb="Testing"
          label={label}
          busy={busy('test')}
          waiting={waiting}
          focusKey={key('test')}
          onClick={() => onAction(model, index, 'test')}
        />
      </div>
    </li>
  );
}

function ChainList({ chain, headingId }: { chain: ModelChain; headingId: string }) {
  const actions = useModelChainActions();
  const listRef = useRef<HTMLOListElement>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<FocusAfterMove | null>(null);
  const { models } = chain;

  // A moved model's button follows it to its new place; at an end of the chain, where that
  // button is disabled, the other direction's takes the focus.
  useEffect(() => {
    if (!focusAfterMove) return;
    if (models[focusAfterMove.index]?.model !== focusAfterMove.model) return;
    const buttons = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-chain-button]') ?? []);
    const button = (direction: MoveDirection) =>
      buttons.find((candidate) => candidate.dataset.chainButton === `${focusAfterMove.model}:${direction}`);
    const same = button(focusAfterMove.direction);
    const other = button(focusAfterMove.direction === 'up' ? 'down' : 'up');
    (same && !same.disabled ? same : other)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, models]);

  function onAction(model: ChainModel, index: number, action: ChainAction) {
    if (action === 'up' || action === 'down') {
      void actions.move(chain, index, action).then((moved) => {
        if (moved) setFocusAfterMove({ model: model.model, direction: action, index: action === 'up' ? index - 1 : index + 1 });
      });
    } else if (action === 'test') {
      void actions.test(model);
    } else {
      void actions.toggle(model);
    }
  }

  return (
    <ol ref={listRef} className={parts.list} aria-labelledby={headingId}>
      {models.map((model, index) => (
        <ChainRow
          key={model.model}
          model={model}
          index={index}
          count={models.length}
          chain={chain}
          pending={actions.pending}
          onAction={onAction}
        />
      ))}
    </ol>
  );
}

/** How the chain works, in the server's numbers. */
function chainSummary(chain: ModelChain): string {
  return (
    `Generations try the models in this order. After ${chain.failureThreshold} consecutive failures a model is ` +
    `skipped for ${minutesLabel(chain.skipMinutes)} and the next enabled one is tried; a disabled model is never tried.`
  );
}

/** D41 "Model chain": the models tried in order, polled every 5 s while this tab is shown. */
function ModelChainCard() {
  const chain = useModelChainQuery(undefined, { pollingInterval: FALLBACK_POLL_INTERVAL_MS });
  const headingId = useId();
  return (
    <Card as="section" className={cx(parts.panel, styles.wide)} aria-labelledby={headingId}>
      <div className={parts.panelHead}>
        <h2 id={headingId} className={parts.panelTitle}>
          Model chain
        </h2>
        <p className={parts.muted}>Updates every {STATUS_POLL_SECONDS} seconds</p>
      </div>
      <QueryStatus
        query={chain}
        loadingText="Loading the model chain…"
        skeleton={<RowSkeletons rows={3} height="9rem" />}
        errorText="Could not load the model chain."
        retryLabel="Retry"
        emptyText="No models in the chain."
        isEmpty={(data) => data.models.length === 0}
      >
        {(data) => (
          <>
            {servesAlone(data) ? (
              <p className={styles.localNote} role="note">
                {LOCAL_CHAIN_NOTE}
              </p>
            ) : (
              <p className={parts.muted}>{chainSummary(data)}</p>
            )}
            {data.adminOverride === null ? null : (
              <p className={parts.muted}>Admin override: {overrideLabel(data.adminOverride)}.</p>
            )}
            <ChainList chain={data} headingId={headingId} />
          </>
        )}
      </QueryStatus>
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

/** 001's pair, by id (black-forest-labs/flux-kontext-max) or by name (Flux Kontext Max). */
const SPEC_KONTEXT_MAX = /kontext[- ]max/i;
const SPEC_KONTEXT_PRO = /kontext[- ]pro/i;

function HowItWorks({ configuration }: { configuration: FallbackConfiguration }) {
  const headingId = useId();
  // The explanation names the production models even when this server runs the local engine.
  const primary = configuration.engine === 'replicate' ? configuration.primaryModel : SPEC_FALLBACK_CONFIGURATION.primaryModel;
  const fallback =
    configuration.engine === 'replicate' && configuration.fallbackModel
      ? configuration.fallbackModel
      : SPEC_FALLBACK_CONFIGURATION.fallbackModel;
  // 001's words fit its pair (Kontext Max, then the cheaper Kontext Pro); a chain the admin
  // ordered otherwise (D41) is described by position, not by tier or price.
  const specPair = configuration.engine !== 'replicate' || (SPEC_KONTEXT_MAX.test(primary) && SPEC_KONTEXT_PRO.test(fallback));
  return (
    <Card as="section" className={parts.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={parts.panelTitle}>
        How It Works
      </h2>
      <ul className={styles.steps}>
        <li>
          Images are made with {specPair ? 'the higher-tier model' : 'the first model of the chain'}, {primary}, while it answers
          normally.
        </li>
        <li>
          E004 errors, service unavailable answers and timeouts count as failures. After {configuration.failureThreshold}{' '}
          consecutive failures the system switches to {specPair ? 'the cheaper fallback model' : 'the next model of the chain'}, {fallback}, for{' '}
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
 * D41's Model chain (polled too), System Configuration and How It Works.
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
      <ModelChainCard />
      <SystemConfiguration configuration={configuration} />
      <HowItWorks configuration={configuration} />
    </div>
  );
}
