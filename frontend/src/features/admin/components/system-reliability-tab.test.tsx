import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldAnswer, json } from '../../../test/fetch-stub';
import { calls, fallbackStatus, openAdmin, toastDescription, toastTitle } from '../admin-test-kit';

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
