import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../test/app-parts';
import { UNREADABLE_ANSWER_MESSAGE } from '../../../shared/api/base-api';
import { json, stubApi } from '../../../test/fetch-stub';
import { adminUser, chainModel, listAnswer, modelChain, queuedReport, reportCase, salesAnalytics, transaction } from '../admin-test-kit';
import { ADMIN_PAGE_SIZE, adminApi, NO_MODEL_SPEND, nextOffset, nextPageParam, pagedItems, SPEC_FALLBACK_CONFIGURATION } from './admin.api';

describe('admin list pages (X-Total-Count, limit/offset)', () => {
  it('reads the rows and the total; an entry without an id is dropped but still counts for the offset', async () => {
    stubApi({ 'GET /api/admin/users': () => listAnswer([adminUser(1), { email: 'no-id@example.com' }], 5) });
    const store = makeStore();

    const result = await store.dispatch(adminApi.endpoints.adminUsers.initiate());

    const page = result.data?.pages[0];
    expect(page).toMatchObject({ rawCount: 2, total: 5 });
    expect(page?.items.map((user) => user.email)).toEqual(['user1@example.com']);
    expect(page?.items[0]).toMatchObject({ subscriptionTier: 'free', isSuspended: false });
  });

  it('asks for the next page while offset + rows < X-Total-Count, and not after', () => {
    const page = (rawCount: number, total: number | null, estimated = false) => ({ items: [], rawCount, total, estimated, nextCursor: null });
    expect(nextOffset(page(50, 120), 0)).toBe(50);
    expect(nextOffset(page(50, 120), 50)).toBe(100);
    expect(nextOffset(page(20, 120), 100)).toBeUndefined();
    expect(nextOffset(page(0, 120), 100)).toBeUndefined();
    // Without the header: another page only after a full one.
    expect(nextOffset(page(ADMIN_PAGE_SIZE, null), 0)).toBe(ADMIN_PAGE_SIZE);
    expect(nextOffset(page(3, null), 0)).toBeUndefined();
    // An estimated total (D44) may be short of the real one: the pages go on until a short one.
    expect(nextOffset(page(ADMIN_PAGE_SIZE, 10_001, true), 9_990)).toBe(9_990 + ADMIN_PAGE_SIZE);
    expect(nextOffset(page(3, 10_001, true), 10_050)).toBeUndefined();
  });

  it('follows X-Next-Cursor where a list gives one (D44), until a page without one or the exact total', () => {
    const page = (rawCount: number, total: number | null, nextCursor: string | null, estimated = false) => ({ items: [], rawCount, total, estimated, nextCursor });
    const first = page(ADMIN_PAGE_SIZE, 120, 'c1');
    expect(nextPageParam(first, [first], 0)).toBe('c1');
    const second = page(ADMIN_PAGE_SIZE, 120, 'c2');
    expect(nextPageParam(second, [first, second], 'c1')).toBe('c2');
    // Every row the exact total counts is loaded: nothing after this full page.
    const exact = page(ADMIN_PAGE_SIZE, 100, 'c2');
    expect(nextPageParam(exact, [first, exact], 'c1')).toBeUndefined();
    // An estimated total says nothing exact: the cursor is followed.
    const estimated = page(ADMIN_PAGE_SIZE, 10_001, 'c9', true);
    expect(nextPageParam(estimated, Array(300).fill(estimated), 'c8')).toBe('c9');
    // A page after a cursor without a next one is the last (never an offset after a cursor).
    const short = page(3, null, null);
    expect(nextPageParam(short, [first, short], 'c1')).toBeUndefined();
    const fullWithout = page(ADMIN_PAGE_SIZE, null, null);
    expect(nextPageParam(fullWithout, [first, fullWithout], 'c1')).toBeUndefined();
    // A list without cursors pages by offset as before.
    const plain = page(ADMIN_PAGE_SIZE, 120, null);
    expect(nextPageParam(plain, [plain], 0)).toBe(ADMIN_PAGE_SIZE);
  });

  it('asks for the page after by cursor, not by offset, once the server gave one', async () => {
    const asked: string[] = [];
    stubApi({
      'GET /api/admin/transactions': (request) => {
        const url = new URL(request.url);
        asked.push(url.search);
        const cursor = url.searchParams.get('cursor');
        const rows = Array.from({ length: cursor ? 2 : ADMIN_PAGE_SIZE }, (_, i) => transaction(i, { id: `${cursor ?? 'first'}-${i}` }));
        return listAnswer(rows, ADMIN_PAGE_SIZE + 2, cursor ? {} : { 'X-Next-Cursor': 'next-please' });
      },
    });
    const store = makeStore();
    await store.dispatch(adminApi.endpoints.transactions.initiate({}));
    const result = await store.dispatch(adminApi.endpoints.transactions.initiate({}, { direction: 'forward' }));

    expect(asked).toEqual([`?limit=${ADMIN_PAGE_SIZE}&offset=0`, `?limit=${ADMIN_PAGE_SIZE}&cursor=next-please`]);
    expect(result.data?.pages.map((p) => p.rawCount)).toEqual([ADMIN_PAGE_SIZE, 2]);
    expect(result.data?.pages[0]?.nextCursor).toBe('next-please');
    expect(result.data?.pageParams).toEqual([0, 'next-please']);
  });

  it('shows each row once when rows shift between pages', () => {
    const data = {
      pages: [
        { items: [{ id: 'a' }, { id: 'b' }], rawCount: 2, total: 3, estimated: false, nextCursor: null },
        { items: [{ id: 'b' }, { id: 'c' }], rawCount: 2, total: 3, estimated: false, nextCursor: null },
      ],
      pageParams: [0, 2],
    };
    expect(pagedItems(data, (row) => row.id).map((row) => row.id)).toEqual(['a', 'b', 'c']);
  });

  it('turns an answer that is not a list into the error state', async () => {
    stubApi({ 'GET /api/admin/audit': () => json({ entries: [] }) });
    const store = makeStore();

    const result = await store.dispatch(adminApi.endpoints.auditLog.initiate(''));

    expect(result.error).toMatchObject({ status: 0, message: UNREADABLE_ANSWER_MESSAGE });
  });
});

describe('fallback status answer', () => {
  it("reads ms timestamps (or ISO dates) and falls back to 001 §9's configuration", async () => {
    stubApi({
      'GET /api/admin/fallback/status': () =>
        json({ isActive: true, adminOverride: false, failureCount: 2, retryAfter: '2030-05-30T12:00:00.000Z', lastFailureTime: 5, currentModel: 'm' }),
    });
    const store = makeStore();

    const result = await store.dispatch(adminApi.endpoints.fallbackStatus.initiate());

    expect(result.data).toEqual({
      isActive: true,
      adminOverride: false,
      failureCount: 2,
      retryAfter: Date.parse('2030-05-30T12:00:00.000Z'),
      lastFailureTime: 5,
      currentModel: 'm',
      configuration: SPEC_FALLBACK_CONFIGURATION,
    });
  });
});

describe('model chain answer (D41)', () => {
  it('reads the chain in order; a model without an id is dropped, missing figures read as unknown', async () => {
    const { price: _price, last7Days: _week, ...bare } = chainModel(1, { skippedUntil: 5, status: 'skipped' });
    stubApi({
      'GET /api/admin/models': () =>
        json({ ...modelChain(), models: [chainModel(0), { label: 'No id' }, { ...bare, status: 'retired' }] }),
    });
    const store = makeStore();

    const result = await store.dispatch(adminApi.endpoints.modelChain.initiate());

    expect(result.data?.models.map((model) => model.model)).toEqual(['black-forest-labs/flux-kontext-max', 'google/nano-banana']);
    expect(result.data?.models[0]).toEqual(chainModel(0));
    expect(result.data?.models[1]).toMatchObject({
      status: 'standby',
      skippedUntil: 5,
      price: { perImage: 0, perMegapixel: 0, description: '' },
      last7Days: { attempts: 0, successRate: null, p50Ms: null, p95Ms: null },
    });
    expect(result.data).toMatchObject({ engine: 'replicate', failureThreshold: 5, skipMinutes: 10 });
  });

  it('reads a test answer without latencyMs (an older server) as an unknown latency', async () => {
    stubApi({
      'POST /api/admin/models/test': () => json({ model: 'google/nano-banana', success: true, error: null }),
      'POST /api/admin/fallback/test': () => json({ model: 'Flux Kontext Max', success: true, error: null, latencyMs: 640 }),
    });
    const store = makeStore();

    const chain = await store.dispatch(adminApi.endpoints.testChainModel.initiate({ model: 'google/nano-banana' }));
    const fallback = await store.dispatch(adminApi.endpoints.testFallback.initiate());

    expect(chain.data).toEqual({ model: 'google/nano-banana', success: true, error: null, latencyMs: null });
    expect(fallback.data).toEqual({ model: 'Flux Kontext Max', success: true, error: null, latencyMs: 640 });
  });
});

describe('model spend in the sales analytics (D41)', () => {
  it('reads a missing or unreadable modelSpend as nothing spent, and drops unreadable rows', async () => {
    const { modelSpend: _dropped, ...older } = salesAnalytics();
    let answer: unknown = older;
    stubApi({ 'GET /api/admin/analytics': () => json(answer) });
    const store = makeStore();

    const missing = await store.dispatch(adminApi.endpoints.salesAnalytics.initiate());
    expect(missing.data?.modelSpend).toEqual(NO_MODEL_SPEND);

    answer = {
      ...older,
      modelSpend: {
        totalSpend: 1.5,
        totalRevenue: 'lots',
        byDay: [{ date: '2030-05-30', spend: 1.5 }, { spend: 2 }],
        byModel: [{ model: 'google/nano-banana', spend: 1.5, costPerGeneration: 'x' }, { spend: 3 }],
      },
    };
    const partial = await store.dispatch(adminApi.endpoints.salesAnalytics.initiate(undefined, { forceRefetch: true }));
    expect(partial.data?.modelSpend).toEqual({
      ...NO_MODEL_SPEND,
      totalSpend: 1.5,
      byDay: [{ date: '2030-05-30', generations: 0, spend: 1.5, revenue: 0, margin: 0 }],
      byModel: [{ model: 'google/nano-banana', generations: 0, spend: 1.5, costPerGeneration: null, revenue: 0, margin: 0 }],
    });
  });
});

describe('reports queue (D43)', () => {
  it('reads the cases and the total; a reason it does not know reads as "other", a case without an image id is dropped', async () => {
    const known = reportCase(1, { reports: [queuedReport(1, { reason: 'ncii' }), { ...queuedReport(2), reason: 'spam' as never }] });
    stubApi({ 'GET /api/admin/reports': () => listAnswer([known, { ...reportCase(2), imageId: undefined }], 7) });
    const store = makeStore();

    const result = await store.dispatch(adminApi.endpoints.reportCases.initiate());

    const page = result.data?.pages[0];
    expect(page).toMatchObject({ rawCount: 2, total: 7 });
    expect(page?.items.map((item) => item.imageId)).toEqual([known.imageId]);
    expect(page?.items[0]?.reports.map((report) => report.reason)).toEqual(['ncii', 'other']);
  });
});
