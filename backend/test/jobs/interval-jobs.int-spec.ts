import { SchedulerRegistry } from '@nestjs/schedule';
import { IntervalJobs, type IntervalJob } from '../../src/shared/jobs/interval-jobs';
import { createTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

/** The shared interval-job helper on a real PostgreSQL, with two instances on one database. */
describe('IntervalJobs', () => {
  let a: TestApp;
  let b: TestApp;
  let jobsA: IntervalJobs;
  let jobsB: IntervalJobs;

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ db: a.db });
    jobsA = a.app.get(IntervalJobs);
    jobsB = b.app.get(IntervalJobs);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('schedules every periodic job of the app (without a Replicate token: no model recovery test)', () => {
    const appJobs = a.app
      .get(SchedulerRegistry)
      .getIntervals()
      .filter((name) => !name.startsWith('test.'))
      .sort();
    // billing.renew-local-subscriptions and billing.fulfil-paid-local-checkouts (issue 24): the
    // zero-config payment provider is the local test checkout (D30).
    expect(appJobs).toEqual([
      'billing.fulfil-paid-local-checkouts',
      'billing.renew-local-subscriptions',
      'credits.release-stale-reservations',
      'generation.fail-stuck-generations',
      'images.delete-image-objects',
      'images.make-missing-renditions',
      'images.move-image-objects',
      'images.purge-my-edits',
      'privacy.finish-account-deletions',
      'rate-limit.prune-idle',
      'reports.purge-decided-reports',
      'support.deliver-contact-messages',
    ]);
  });

  it('runs a job on one instance at a time: the other instance, and a second tick here, skip', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let runs = 0;
    const slow: IntervalJob = {
      jobName: 'test.slow-job',
      everyMs: 3_600_000,
      execute: async () => {
        runs += 1;
        await gate;
      },
    };
    const first = jobsA.runOnce(slow);
    await waitFor('the first run to start', () => runs === 1, { intervalMs: 5 });
    expect(await jobsB.runOnce(slow)).toBe('skipped');
    expect(await jobsA.runOnce(slow)).toBe('skipped');
    open();
    expect(await first).toBe('ran');
    // The lock is free again: the other instance may run it now.
    expect(await jobsB.runOnce(slow)).toBe('ran');
    expect(runs).toBe(2);
  });

  it('reports a failing run without throwing, and frees its lock', async () => {
    let attempts = 0;
    const failing: IntervalJob = {
      jobName: 'test.failing-job',
      everyMs: 3_600_000,
      execute: async () => {
        attempts += 1;
        throw new Error('boom');
      },
    };
    expect(await jobsA.runOnce(failing)).toBe('failed');
    expect(await jobsB.runOnce(failing)).toBe('failed');
    expect(attempts).toBe(2);
  });

  it('runs at start when asked, then every period', async () => {
    let runs = 0;
    await jobsA.schedule({ jobName: 'test.periodic-job', everyMs: 20, runAtStart: true, execute: async () => void (runs += 1) });
    expect(runs).toBe(1); // the start-up run is done when schedule() returns
    await waitFor('two periodic runs', () => runs >= 3, { intervalMs: 5 });
  });
});
