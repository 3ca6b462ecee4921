import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldAnswer, json } from '../../../test/fetch-stub';
import {
  calls,
  chainInOrder,
  chainModel,
  fallbackStatus,
  modelChain,
  openAdmin,
  toastDescription,
  toastTitle,
} from '../admin-test-kit';

const NOW = new Date('2030-05-30T12:00:00.000Z').getTime();
const MINUTE = 60_000;
const STATUS = '/api/admin/fallback/status';

function openReliability(routes: Parameters<typeof openAdmin>[0]) {
  return openAdmin(routes, { path: '/admin?tab=reliability' });
}

function statusCard() {
  return within(screen.getByRole('region', { name: 'System Status' }));
}

/** The value shown for a label of the System Status card, or null when the label is not shown. */
function statusValue(label: string): string | null {
  const term = statusCard().queryByText(label, { selector: 'dt' });
  return term?.nextElementSibling?.textContent ?? null;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('System Status (001 §2, §3)', () => {
  it('shows the model, status, failures, override and last failure; the next retry while it is in the future', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    await openReliability({
      [`GET ${STATUS}`]: () =>
        json(
          fallbackStatus({
            isActive: true,
            adminOverride: true,
            failureCount: 5,
            currentModel: 'Flux Kontext Pro',
            retryAfter: NOW + 5 * MINUTE,
            lastFailureTime: NOW - 2 * MINUTE,
          }),
        ),
    });

    // The System Configuration card shows the fallback model (also Flux Kontext Pro) from its first
    // render, so wait inside the status card, not anywhere on the page.
    await statusCard().findByText('Flux Kontext Pro', { selector: 'dd' });
    expect(statusValue('Current model')).toBe('Flux Kontext Pro');
    expect(statusValue('Status')).toBe('Fallback Active');
    expect(statusValue('Failure count')).toBe('5 of 5');
    expect(statusValue('Admin override')).toBe('Forced on');
    expect(statusValue('Next retry')).toBe(new Date(NOW + 5 * MINUTE).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }));
    expect(statusValue('Last failure')).toBe(new Date(NOW - 2 * MINUTE).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' }));
  });

  it('hides the next retry once its time has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    await openReliability({
      [`GET ${STATUS}`]: () => json(fallbackStatus({ retryAfter: NOW - MINUTE, lastFailureTime: null })),
    });

    await screen.findByText('Normal');
    expect(statusValue('Status')).toBe('Normal');
    expect(statusValue('Admin override')).toBe('Automatic');
    expect(statusValue('Next retry')).toBeNull();
    expect(statusValue('Last failure')).toBe('None');
  });

  it('is polled every 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = await openReliability({ [`GET ${STATUS}`]: () => json(fallbackStatus()) });
    await screen.findByText('Normal');
    const before = calls(requests, 'GET', STATUS).length;

    await vi.advanceTimersByTimeAsync(5000);

    await waitFor(() => expect(calls(requests, 'GET', STATUS).length).toBeGreaterThan(before));
  });

  it('shows the configuration, the spec numbers and the How It Works explanation', async () => {
    await openReliability({ [`GET ${STATUS}`]: () => json(fallbackStatus()) });
    await screen.findByText('Normal');

    const configuration = within(screen.getByRole('region', { name: 'System Configuration' }));
    for (const text of ['Flux Kontext Max', 'Flux Kontext Pro', '5 consecutive failures', 'Every 5 seconds', '99.9%']) {
      expect(configuration.getByText(text)).toBeInTheDocument();
    }
    expect(configuration.getAllByText('10 minutes')).toHaveLength(2);
    const explanation = screen.getByRole('region', { name: 'How It Works' });
    expect(explanation).toHaveTextContent(/E004 errors, service unavailable answers and timeouts count as failures/);
    expect(explanation).toHaveTextContent(/After 5 consecutive failures the system switches to the cheaper fallback model, Flux Kontext Pro/);
    expect(explanation).toHaveTextContent(/runs every 10 minutes/);
  });

  it('describes a chain the admin ordered otherwise by position, not as higher-tier and cheaper (D41)', async () => {
    const configuration = { ...fallbackStatus().configuration, primaryModel: 'google/nano-banana', fallbackModel: 'black-forest-labs/flux-2-pro' };
    await openReliability({ [`GET ${STATUS}`]: () => json(fallbackStatus({ currentModel: 'google/nano-banana', configuration })) });
    await screen.findByText('Normal');
    const explanation = screen.getByRole('region', { name: 'How It Works' });
    expect(explanation).toHaveTextContent(/Images are made with the first model of the chain, google\/nano-banana/);
    expect(explanation).toHaveTextContent(/switches to the next model of the chain, black-forest-labs\/flux-2-pro, for 10 minutes/);
    expect(explanation).not.toHaveTextContent(/higher-tier|cheaper/);
  });
});

describe('Admin Controls (001 §4, §8)', () => {
  it("forces the fallback on: sends {enabled: true}, toasts 'Fallback override updated' and shows the new state", async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    const forced = fallbackStatus({ isActive: true, adminOverride: true, currentModel: 'Flux Kontext Pro' });
    let current = fallbackStatus();
    const { requests } = await openReliability({
      // The server's row: what the status says after the override too (it is asked again afterwards).
      [`GET ${STATUS}`]: () => json(current),
      'POST /api/admin/fallback/override': (request) => {
        current = forced;
        return answer.handler(request);
      },
    });
    await screen.findByText('Normal');

    await user.click(screen.getByRole('button', { name: 'Force Fallback On' }));
    const pending = screen.getByRole('button', { name: 'Updating...' });
    expect(pending).toHaveAttribute('aria-busy', 'true');
    // Every control waits while one runs.
    await user.click(screen.getByRole('button', { name: 'Reset Failures' }));
    answer.release(json(forced));

    expect(await toastTitle('Fallback override updated')).toBeInTheDocument();
    expect(await screen.findByText('Fallback Active')).toBeInTheDocument();
    expect(statusValue('Admin override')).toBe('Forced on');
    const [post] = calls(requests, 'POST', '/api/admin/fallback/override');
    expect(await post!.json()).toEqual({ enabled: true });
    expect(calls(requests, 'POST', '/api/admin/fallback/reset')).toHaveLength(0);
  });

  it('forces it off with {enabled: false} and returns to automatic with {enabled: null}', async () => {
    const user = userEvent.setup();
    let adminOverride: boolean | null = null;
    const { requests } = await openReliability({
      [`GET ${STATUS}`]: () => json(fallbackStatus({ adminOverride })),
      'POST /api/admin/fallback/override': async (request) => {
        ({ enabled: adminOverride } = (await request.clone().json()) as { enabled: boolean | null });
        return json(fallbackStatus({ adminOverride }));
      },
    });
    await screen.findByText('Normal');

    await user.click(screen.getByRole('button', { name: 'Force Fallback Off' }));
    await waitFor(() => expect(statusValue('Admin override')).toBe('Forced off'));
    await user.click(await screen.findByRole('button', { name: 'Return to Automatic' }));
    await waitFor(() => expect(statusValue('Admin override')).toBe('Automatic'));

    const bodies = await Promise.all(calls(requests, 'POST', '/api/admin/fallback/override').map((request) => request.json()));
    expect(bodies).toEqual([{ enabled: false }, { enabled: null }]);
  });

  it("toasts 'Failed to update fallback override' with the server's message", async () => {
    const user = userEvent.setup();
    await openReliability({
      [`GET ${STATUS}`]: () => json(fallbackStatus()),
      'POST /api/admin/fallback/override': () => json({ message: 'Database unavailable' }, { status: 503 }),
    });
    await screen.findByText('Normal');

    await user.click(screen.getByRole('button', { name: 'Force Fallback On' }));

    expect(await toastTitle('Failed to update fallback override')).toBeInTheDocument();
    expect(await toastDescription('Database unavailable')).toBeInTheDocument();
  });

  it("resets the failures: 'Fallback system reset', or 'Failed to reset fallback system'", async () => {
    const user = userEvent.setup();
    let fail = false;
    let current = fallbackStatus({ isActive: true, failureCount: 5 });
    await openReliability({
      [`GET ${STATUS}`]: () => json(current),
      'POST /api/admin/fallback/reset': () => {
        if (fail) return json({ message: 'Try later' }, { status: 500 });
        current = fallbackStatus({ isActive: false, failureCount: 0 });
        return json(current);
      },
    });
    await screen.findByText('Fallback Active');

    await user.click(screen.getByRole('button', { name: 'Reset Failures' }));
    expect(await toastTitle('Fallback system reset')).toBeInTheDocument();
    await waitFor(() => expect(statusValue('Failure count')).toBe('0 of 5'));
    expect(statusValue('Status')).toBe('Normal');

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Reset Failures' }));
    expect(await toastTitle('Failed to reset fallback system')).toBeInTheDocument();
  });

  it("runs a test: 'Test Complete' with '{model}: Success', and the result on the card", async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    await openReliability({
      [`GET ${STATUS}`]: () => json(fallbackStatus()),
      'POST /api/admin/fallback/test': answer.handler,
    });
    await screen.findByText('Normal');

    await user.click(screen.getByRole('button', { name: 'Run Test' }));
    expect(screen.getByRole('button', { name: 'Testing...' })).toHaveAttribute('aria-busy', 'true');
    answer.release(json({ model: 'Flux Kontext Max', success: true, error: null }));

    expect(await toastTitle('Test Complete')).toBeInTheDocument();
    expect(await toastDescription('Flux Kontext Max: Success')).toBeInTheDocument();
    await waitFor(() => expect(statusValue('Last test')).toMatch(/^Flux Kontext Max: Success \(/));
  });

  it("shows a failed test as '{model}: Failed - {error}', and a failed call as 'Failed to run test'", async () => {
    const user = userEvent.setup();
    let broken = false;
    await openReliability({
      [`GET ${STATUS}`]: () => json(fallbackStatus()),
      'POST /api/admin/fallback/test': () =>
        broken
          ? json({ message: 'Internal server error' }, { status: 500 })
          : json({ model: 'Flux Kontext Max', success: false, error: 'E004 service unavailable' }),
    });
    await screen.findByText('Normal');

    await user.click(screen.getByRole('button', { name: 'Run Test' }));
    expect(await toastDescription('Flux Kontext Max: Failed - E004 service unavailable')).toBeInTheDocument();

    broken = true;
    await user.click(await screen.findByRole('button', { name: 'Run Test' }));
    expect(await toastTitle('Failed to run test')).toBeInTheDocument();
  });
});

describe('the panel and the toasts say what the server answered (issue 24)', () => {
  /** The shared fallback row as the server keeps it: a reset keeps an admin override. */
  function fakeServer() {
    let state = { isActive: false, adminOverride: null as boolean | null, failureCount: 3 };
    const status = () =>
      fallbackStatus({ ...state, currentModel: state.adminOverride === true || state.isActive ? 'Flux Kontext Pro' : 'Flux Kontext Max' });
    return {
      [`GET ${STATUS}`]: () => json(status()),
      'POST /api/admin/fallback/override': async (request: Request) => {
        const { enabled } = (await request.clone().json()) as { enabled: boolean | null };
        state = { ...state, adminOverride: enabled, isActive: enabled === true };
        return json(status());
      },
      'POST /api/admin/fallback/reset': () => {
        state = { ...state, failureCount: 0, isActive: false };
        return json(status());
      },
    };
  }

  it('Force Fallback On, then Reset: the card stays "Forced on" and the toast says the fallback model stays in use', async () => {
    const user = userEvent.setup();
    const { requests } = await openReliability(fakeServer());
    await screen.findByText('Normal');

    await user.click(screen.getByRole('button', { name: 'Force Fallback On' }));
    expect(await toastDescription('Admin override: Forced on. Next generations use Flux Kontext Pro.')).toBeInTheDocument();
    await waitFor(() => expect(statusValue('Admin override')).toBe('Forced on'));

    const before = calls(requests, 'GET', STATUS).length;
    await user.click(await screen.findByRole('button', { name: 'Reset Failures' }));

    expect(await toastTitle('Fallback system reset')).toBeInTheDocument();
    expect(
      await toastDescription('The failure count is back to 0. The fallback stays forced on: Flux Kontext Pro is in use until you return to automatic.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/primary model is in use/)).not.toBeInTheDocument();
    await waitFor(() => expect(statusValue('Failure count')).toBe('0 of 5'));
    expect(statusValue('Admin override')).toBe('Forced on');
    expect(statusValue('Current model')).toBe('Flux Kontext Pro');
    // The status is asked again after the control, not only at the next poll.
    await waitFor(() => expect(calls(requests, 'GET', STATUS).length).toBeGreaterThan(before));
  });

  it('a poll answered after a control, with the state from before it, is followed at once by a fresh status', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const server = fakeServer();
    let releaseStale!: () => void;
    const staleHeld = new Promise<void>((resolve) => (releaseStale = resolve));
    /** When each GET of the status was asked, on the test's clock. */
    const asked: number[] = [];
    await openReliability({
      ...server,
      [`GET ${STATUS}`]: async () => {
        asked.push(Date.now());
        // What the row says now; the first poll's answer arrives only after the control below.
        const answer = server[`GET ${STATUS}`]();
        if (asked.length === 2) await staleHeld;
        return answer;
      },
    });
    await screen.findByText('Normal');
    await vi.advanceTimersByTimeAsync(5000);
    await waitFor(() => expect(asked).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Force Fallback On' }));
    await waitFor(() => expect(statusValue('Admin override')).toBe('Forced on'));
    const releasedAt = Date.now();
    releaseStale();

    // The status is asked again right after, not at the next poll 5 s later...
    await waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(3));
    expect(asked[2]! - releasedAt).toBeLessThan(5000);
    // ...so the card ends with the server's state.
    await waitFor(() => expect(statusValue('Admin override')).toBe('Forced on'));
    expect(statusValue('Status')).toBe('Fallback Active');
  });

  it('with the local engine, says there is no fallback model, and Force Fallback On sends nothing', async () => {
    const user = userEvent.setup();
    const local = fallbackStatus({
      currentModel: 'local-engine',
      configuration: {
        engine: 'local',
        primaryModel: 'local-engine',
        fallbackModel: null,
        failureThreshold: 5,
        fallbackDurationMinutes: 10,
        recoveryIntervalMinutes: 10,
      },
    });
    const { requests } = await openReliability({
      [`GET ${STATUS}`]: () => json(local),
      'POST /api/admin/fallback/reset': () => json(local),
    });
    await screen.findByText('Normal');

    expect(statusCard().getByRole('note')).toHaveTextContent(
      'This server uses the local engine, which has no fallback model: forcing the fallback on would change nothing.',
    );
    const forceOn = screen.getByRole('button', { name: 'Force Fallback On' });
    expect(forceOn).toHaveAttribute('aria-disabled', 'true');
    expect(forceOn).toHaveAccessibleDescription('Not available: the local engine has no fallback model.');
    await user.click(forceOn);
    // The controls that do something still work, and nothing was asked of the override.
    await user.click(screen.getByRole('button', { name: 'Reset Failures' }));
    expect(await toastDescription('The failure count is back to 0. The local engine has no fallback model.')).toBeInTheDocument();
    expect(calls(requests, 'POST', '/api/admin/fallback/override')).toHaveLength(0);
  });
});

describe('Model chain (D41)', () => {
  const MODELS = '/api/admin/models';
  const MAX = 'black-forest-labs/flux-kontext-max';
  const NANO = 'google/nano-banana';
  const PRO = 'black-forest-labs/flux-kontext-pro';

  function chainList() {
    return within(screen.getByRole('list', { name: 'Model chain' }));
  }

  /** The chain's rows, each as its model's label, in the order shown. */
  function rowLabels(): string[] {
    return chainList()
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent ?? '');
  }

  function row(label: string) {
    return within(screen.getByRole('listitem', { name: label }));
  }

  /** The value shown for a label of a row's figures. */
  function rowValue(label: string, term: string): string | null {
    return row(label).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent ?? null;
  }

  /** A server that keeps the chain as it is told: the order, the enabled models. */
  function chainServer(initial = modelChain()) {
    let chain = initial;
    return {
      get chain() {
        return chain;
      },
      routes: {
        [`GET ${STATUS}`]: () => json(fallbackStatus()),
        [`GET ${MODELS}`]: () => json(chain),
        [`POST ${MODELS}/order`]: async (request: Request) => {
          const { models } = (await request.clone().json()) as { models: string[] };
          chain = chainInOrder(chain, models);
          return json(chain);
        },
        [`POST ${MODELS}/enabled`]: async (request: Request) => {
          const { model, enabled } = (await request.clone().json()) as { model: string; enabled: boolean };
          chain = modelChain({
            ...chain,
            models: chain.models.map((entry) => (entry.model === model ? { ...entry, status: enabled ? 'standby' : 'disabled' } : entry)),
          });
          return json(chain);
        },
      },
    };
  }

  it('lists the models in order with their position, id, vendor, status, failures, price and reliability', async () => {
    // 14:05 on this machine's clock, whatever its time zone.
    const skippedUntil = new Date(2030, 4, 30, 14, 5).getTime();
    await openReliability({
      [`GET ${STATUS}`]: () => json(fallbackStatus()),
      [`GET ${MODELS}`]: () =>
        json(
          modelChain({
            models: [chainModel(0), chainModel(1, { status: 'skipped', failureCount: 5, skippedUntil }), chainModel(2, { status: 'disabled' })],
          }),
        ),
    });

    await screen.findByRole('list', { name: 'Model chain' });
    expect(rowLabels()).toEqual(['FLUX.1 Kontext [max]', 'Nano Banana', 'FLUX.1 Kontext [pro]']);
    expect(chainList().getAllByRole('listitem').map((item) => item.querySelector('span')?.textContent)).toEqual([
      'Position 1',
      'Position 2',
      'Position 3',
    ]);

    const max = row('FLUX.1 Kontext [max]');
    expect(max.getByText(MAX)).toBeInTheDocument();
    expect(max.getByText('Black Forest Labs')).toBeInTheDocument();
    expect(max.getByText('In use')).toBeInTheDocument();
    expect(rowValue('FLUX.1 Kontext [max]', 'Consecutive failures')).toBe('1 of 5');
    expect(rowValue('FLUX.1 Kontext [max]', 'Price')).toBe('$0.08 per image');
    expect(rowValue('FLUX.1 Kontext [max]', 'Last 24 hours')).toBe('40 calls: 97.5% success, p50 8.2 s, p95 12.4 s');
    expect(rowValue('FLUX.1 Kontext [max]', 'Last 7 days')).toBe('300 calls: 98.3% success, p50 7.9 s, p95 11.8 s');

    const nano = row('Nano Banana');
    expect(nano.getByText(NANO)).toBeInTheDocument();
    expect(nano.getByText('Google')).toBeInTheDocument();
    expect(nano.getByText('Skipped until 14:05')).toBeInTheDocument();
    expect(rowValue('Nano Banana', 'Consecutive failures')).toBe('5 of 5');
    expect(rowValue('Nano Banana', 'Last 24 hours')).toBe('no calls');
    expect(rowValue('Nano Banana', 'Last 7 days')).toBe('12 calls: 100.0% success, p50 640 ms, p95 980 ms');

    expect(row('FLUX.1 Kontext [pro]').getByText('Disabled')).toBeInTheDocument();
    expect(rowValue('FLUX.1 Kontext [pro]', 'Last 24 hours')).toBe('3 calls: — success, p50 —, p95 —');
    expect(rowValue('FLUX.1 Kontext [pro]', 'Price')).toBe('$0.04 per image');

    // Each row's actions, named after its model; a disabled model offers Enable.
    expect(max.getByRole('button', { name: 'Disable FLUX.1 Kontext [max]' })).toBeInTheDocument();
    expect(max.getByRole('button', { name: 'Test FLUX.1 Kontext [max]' })).toBeInTheDocument();
    expect(row('FLUX.1 Kontext [pro]').getByRole('button', { name: 'Enable FLUX.1 Kontext [pro]' })).toBeInTheDocument();
  });

  it('disables the first row\'s Move up and the last row\'s Move down', async () => {
    await openReliability(chainServer().routes);
    await screen.findByRole('list', { name: 'Model chain' });

    expect(screen.getByRole('button', { name: 'Move FLUX.1 Kontext [max] up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move FLUX.1 Kontext [max] down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Nano Banana up' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move FLUX.1 Kontext [pro] up' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move FLUX.1 Kontext [pro] down' })).toBeDisabled();
  });

  it('moves a model down: sends the whole new order, shows it busy, then the new order and the toast', async () => {
    const user = userEvent.setup();
    const server = chainServer();
    const answer = heldAnswer();
    const { requests } = await openReliability({
      ...server.routes,
      [`POST ${MODELS}/order`]: async (request) => {
        await server.routes[`POST ${MODELS}/order`](request);
        return answer.handler(request);
      },
    });
    await screen.findByRole('list', { name: 'Model chain' });

    await user.click(screen.getByRole('button', { name: 'Move FLUX.1 Kontext [max] down' }));
    const busy = screen.getByRole('button', { name: 'Moving FLUX.1 Kontext [max] down…' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    // The other actions wait while one runs.
    expect(screen.getByRole('button', { name: 'Test Nano Banana' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Disable Nano Banana' }));
    answer.release(json(server.chain));

    expect(await toastTitle('Model chain reordered')).toBeInTheDocument();
    expect(await toastDescription('Nano Banana is tried first.')).toBeInTheDocument();
    await waitFor(() => expect(rowLabels()).toEqual(['Nano Banana', 'FLUX.1 Kontext [max]', 'FLUX.1 Kontext [pro]']));
    expect(row('Nano Banana').getByText('In use')).toBeInTheDocument();
    const [post] = calls(requests, 'POST', `${MODELS}/order`);
    expect(await post!.json()).toEqual({ models: [NANO, MAX, PRO] });
    expect(calls(requests, 'POST', `${MODELS}/enabled`)).toHaveLength(0);
    // The focus follows the moved model.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move FLUX.1 Kontext [max] down' })).toHaveFocus());
  });

  it('moves a model up to the top; the focus goes to its Move down, its Move up being disabled there', async () => {
    const user = userEvent.setup();
    const { requests } = await openReliability(chainServer().routes);
    await screen.findByRole('list', { name: 'Model chain' });

    await user.click(screen.getByRole('button', { name: 'Move FLUX.1 Kontext [pro] up' }));
    await user.click(await screen.findByRole('button', { name: 'Move FLUX.1 Kontext [pro] up' }));

    await waitFor(() => expect(rowLabels()).toEqual(['FLUX.1 Kontext [pro]', 'FLUX.1 Kontext [max]', 'Nano Banana']));
    const bodies = await Promise.all(calls(requests, 'POST', `${MODELS}/order`).map((request) => request.json()));
    expect(bodies).toEqual([{ models: [MAX, PRO, NANO] }, { models: [PRO, MAX, NANO] }]);
    expect(screen.getByRole('button', { name: 'Move FLUX.1 Kontext [pro] up' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move FLUX.1 Kontext [pro] down' })).toHaveFocus());
  });

  it("says 'Failed to reorder the model chain' with the server's reason, and keeps the order", async () => {
    const user = userEvent.setup();
    await openReliability({
      ...chainServer().routes,
      [`POST ${MODELS}/order`]: () => json({ message: 'Database unavailable' }, { status: 503 }),
    });
    await screen.findByRole('list', { name: 'Model chain' });

    await user.click(screen.getByRole('button', { name: 'Move Nano Banana up' }));

    expect(await toastTitle('Failed to reorder the model chain')).toBeInTheDocument();
    expect(await toastDescription('Database unavailable')).toBeInTheDocument();
    expect(rowLabels()).toEqual(['FLUX.1 Kontext [max]', 'Nano Banana', 'FLUX.1 Kontext [pro]']);
  });

  it("disables a model ('{label} disabled') and enables it again ('{label} enabled'); the status is asked again", async () => {
    const user = userEvent.setup();
    const { requests } = await openReliability(chainServer().routes);
    await screen.findByRole('list', { name: 'Model chain' });
    const statusCalls = calls(requests, 'GET', STATUS).length;

    await user.click(screen.getByRole('button', { name: 'Disable Nano Banana' }));
    expect(await toastTitle('Nano Banana disabled')).toBeInTheDocument();
    expect(await row('Nano Banana').findByText('Disabled')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Enable Nano Banana' }));
    expect(await toastTitle('Nano Banana enabled')).toBeInTheDocument();
    expect(await row('Nano Banana').findByText('Standby')).toBeInTheDocument();

    const bodies = await Promise.all(calls(requests, 'POST', `${MODELS}/enabled`).map((request) => request.json()));
    expect(bodies).toEqual([
      { model: NANO, enabled: false },
      { model: NANO, enabled: true },
    ]);
    // A chain change refetches the fallback status (its tag) as well as the chain.
    await waitFor(() => expect(calls(requests, 'GET', STATUS).length).toBeGreaterThan(statusCalls));
  });

  it("shows the server's message when it refuses to disable the last enabled model (409)", async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    await openReliability({
      ...chainServer().routes,
      [`POST ${MODELS}/enabled`]: answer.handler,
    });
    await screen.findByRole('list', { name: 'Model chain' });

    await user.click(screen.getByRole('button', { name: 'Disable FLUX.1 Kontext [max]' }));
    expect(screen.getByRole('button', { name: 'Disabling FLUX.1 Kontext [max]…' })).toHaveAttribute('aria-busy', 'true');
    answer.release(
      json(
        { code: 'MODEL.LAST_ENABLED', message: 'At least one model of the chain must stay enabled.', error: 'Conflict' },
        { status: 409 },
      ),
    );

    expect(await toastTitle('At least one model of the chain must stay enabled.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to update the model', { selector: '[data-title]' })).not.toBeInTheDocument();
    expect(row('FLUX.1 Kontext [max]').getByText('In use')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Disable FLUX.1 Kontext [max]' })).not.toHaveAttribute('aria-busy');
  });

  it("says 'Failed to update the model' for any other failure", async () => {
    const user = userEvent.setup();
    await openReliability({
      ...chainServer().routes,
      [`POST ${MODELS}/enabled`]: () => json({ message: 'Internal server error' }, { status: 500 }),
    });
    await screen.findByRole('list', { name: 'Model chain' });

    await user.click(screen.getByRole('button', { name: 'Disable Nano Banana' }));

    expect(await toastTitle('Failed to update the model')).toBeInTheDocument();
    expect(await toastDescription('Internal server error')).toBeInTheDocument();
  });

  it("tests a model: 'Test Complete' with '{label}: Success ({latency})', then '{label}: Failed - {error}'", async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    const { requests } = await openReliability({ ...chainServer().routes, [`POST ${MODELS}/test`]: answer.handler });
    await screen.findByRole('list', { name: 'Model chain' });

    await user.click(screen.getByRole('button', { name: 'Test Nano Banana' }));
    expect(screen.getByRole('button', { name: 'Testing Nano Banana…' })).toHaveAttribute('aria-busy', 'true');
    answer.release(json({ model: NANO, success: true, error: null, latencyMs: 8240 }));

    expect(await toastTitle('Test Complete')).toBeInTheDocument();
    expect(await toastDescription('Nano Banana: Success (8.2 s)')).toBeInTheDocument();
    const [post] = calls(requests, 'POST', `${MODELS}/test`);
    expect(await post!.json()).toEqual({ model: NANO });

    await user.click(await screen.findByRole('button', { name: 'Test FLUX.1 Kontext [pro]' }));
    answer.release(json({ model: PRO, success: false, error: 'E004 service unavailable', latencyMs: 640 }));
    expect(await toastDescription('FLUX.1 Kontext [pro]: Failed - E004 service unavailable')).toBeInTheDocument();
  });

  it("says 'Failed to run test' when the test call itself fails", async () => {
    const user = userEvent.setup();
    await openReliability({
      ...chainServer().routes,
      [`POST ${MODELS}/test`]: () => json({ message: 'Internal server error' }, { status: 500 }),
    });
    await screen.findByRole('list', { name: 'Model chain' });

    await user.click(screen.getByRole('button', { name: 'Test Nano Banana' }));

    expect(await toastTitle('Failed to run test')).toBeInTheDocument();
  });

  it('shows a loading state, then the error state with Retry, which asks again', async () => {
    const user = userEvent.setup();
    const first = heldAnswer();
    let answers = 0;
    const { requests } = await openReliability({
      [`GET ${STATUS}`]: () => json(fallbackStatus()),
      [`GET ${MODELS}`]: (request) => {
        answers += 1;
        return answers === 1 ? first.handler(request) : json(modelChain());
      },
    });
    const card = within(screen.getByRole('region', { name: 'Model chain' }));

    expect(card.getByRole('status')).toHaveTextContent('Loading the model chain…');
    first.release(json({ message: 'Internal server error' }, { status: 500 }));
    expect(await card.findByRole('alert')).toHaveTextContent('Could not load the model chain.');

    await user.click(card.getByRole('button', { name: 'Retry' }));

    expect(await card.findByRole('list', { name: 'Model chain' })).toBeInTheDocument();
    expect(calls(requests, 'GET', MODELS)).toHaveLength(2);
  });

  it('is polled every 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requests } = await openReliability(chainServer().routes);
    await screen.findByRole('list', { name: 'Model chain' });
    const before = calls(requests, 'GET', MODELS).length;

    await vi.advanceTimersByTimeAsync(5000);

    await waitFor(() => expect(calls(requests, 'GET', MODELS).length).toBeGreaterThan(before));
  });

  it('says the local engine serves alone and where the chain is set', async () => {
    await openReliability({
      [`GET ${STATUS}`]: () => json(fallbackStatus()),
      [`GET ${MODELS}`]: () =>
        json(
          modelChain({
            engine: 'local',
            models: [
              chainModel(0, {
                model: 'local-engine',
                label: 'Local engine',
                vendor: 'This server',
                price: { perImage: 0, perMegapixel: 0, description: 'Free' },
              }),
            ],
          }),
        ),
    });

    const card = within(await screen.findByRole('region', { name: 'Model chain' }));
    expect(await card.findByRole('note')).toHaveTextContent(
      'This server uses the local engine, which serves alone: there is no chain of models to order. The chain of Replicate models is set with MODEL_CHAIN and REPLICATE_API_TOKEN.',
    );
    expect(rowLabels()).toEqual(['Local engine']);
    expect(screen.getByRole('button', { name: 'Move Local engine up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Local engine down' })).toBeDisabled();
  });

  it('has no accessibility faults axe can find (WCAG 2.1 A/AA)', async () => {
    await openReliability({
      [`GET ${STATUS}`]: () => json(fallbackStatus()),
      [`GET ${MODELS}`]: () =>
        json(modelChain({ models: [chainModel(0), chainModel(1, { status: 'skipped', skippedUntil: Date.now() + 60_000 }), chainModel(2, { status: 'disabled' })] })),
    });
    await screen.findByRole('list', { name: 'Model chain' });

    const region = screen.getByRole('region', { name: 'Model chain' });
    const result = await axe.run(region, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // jsdom draws nothing: contrast is checked by the browser tests.
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});
