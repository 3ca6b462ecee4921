import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../test/app-parts';
import { UNREADABLE_ANSWER_MESSAGE } from '../../../shared/api/base-api';
import { json, stubApi } from '../../../test/fetch-stub';
import { adminUser, listAnswer } from '../admin-test-kit';
import { ADMIN_PAGE_SIZE, adminApi, nextOffset, pagedItems, SPEC_FALLBACK_CONFIGURATION } from './admin.api';

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
    const page = (rawCount: number, total: number | null) => ({ items: [], rawCount, total });
    expect(nextOffset(page(50, 120), 0)).toBe(50);
    expect(nextOffset(page(50, 120), 50)).toBe(100);
    expect(nextOffset(page(20, 120), 100)).toBeUndefined();
    expect(nextOffset(page(0, 120), 100)).toBeUndefined();
    // Without the header: another page only after a full one.
    expect(nextOffset(page(ADMIN_PAGE_SIZE, null), 0)).toBe(ADMIN_PAGE_SIZE);
    expect(nextOffset(page(3, null), 0)).toBeUndefined();
  });

  it('shows each row once when rows shift between pages', () => {
    const data = {
      pages: [
        { items: [{ id: 'a' }, { id: 'b' }], rawCount: 2, total: 3 },
        { items: [{ id: 'b' }, { id: 'c' }], rawCount: 2, total: 3 },
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
