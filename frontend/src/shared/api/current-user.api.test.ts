import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../test/app-parts';
import { clearSignedInHint, json, stubApi } from '../../test/fetch-stub';
import { renderRoute } from '../../test/render-route';
import { currentUserApi } from './current-user.api';
import { userBody } from '../../test/contract-answers';

const ANN = userBody({ id: 'u1', email: 'ann@example.com', username: 'ann' });

const paths = (requests: Request[]) => requests.map((r) => new URL(r.url).pathname);

/**
 * Issue 24: the client asks GET /api/user only while the browser holds the signed-in hint cookie,
 * which the server sets and clears with the (HttpOnly) session cookie; an anonymous visitor's pages
 * make no request that answers 401. The call itself still answers 401 when signed out (000 §7).
 */
describe('who is signed in, and the signed-in hint', () => {
  it('is nobody, without a request, when the browser has no signed-in hint', async () => {
    const { requests } = stubApi({});
    const store = makeStore();
    const result = await store.dispatch(currentUserApi.endpoints.getCurrentUser.initiate());
    expect(result.data).toBeNull();
    expect(result.isError).toBe(false);
    expect(requests).toEqual([]);
  });

  it('is whoever GET /api/user answers while the hint is there', async () => {
    const { requests } = stubApi({ 'GET /api/user': () => json(ANN) });
    const store = makeStore();
    const result = await store.dispatch(currentUserApi.endpoints.getCurrentUser.initiate());
    expect(result.data).toMatchObject({ id: 'u1', email: 'ann@example.com' });
    expect(paths(requests)).toEqual(['/api/user']);
  });

  it('is nobody, without asking again, once the server has cleared the hint (signed out in another tab)', async () => {
    const { requests } = stubApi({ 'GET /api/user': () => json(ANN) });
    const store = makeStore();
    const subscription = store.dispatch(currentUserApi.endpoints.getCurrentUser.initiate());
    expect((await subscription).data).toMatchObject({ id: 'u1' });

    clearSignedInHint();
    await store.dispatch(currentUserApi.util.invalidateTags(['User']));
    await expect.poll(() => currentUserApi.endpoints.getCurrentUser.select()(store.getState()).data).toBeNull();
    expect(paths(requests)).toEqual(['/api/user']);
    subscription.unsubscribe();
  });

  it('asks once a sign-in (in this tab or another) gave the browser the hint', async () => {
    const before = stubApi({});
    const store = makeStore();
    const subscription = store.dispatch(currentUserApi.endpoints.getCurrentUser.initiate());
    expect((await subscription).data).toBeNull();

    const after = stubApi({ 'GET /api/user': () => json(ANN) }); // the hint comes with the session cookie
    await store.dispatch(currentUserApi.util.invalidateTags(['User']));
    await expect.poll(() => currentUserApi.endpoints.getCurrentUser.select()(store.getState()).data?.id).toBe('u1');
    expect(paths(before.requests)).toEqual([]);
    expect(paths(after.requests)).toEqual(['/api/user']);
    subscription.unsubscribe();
  });

  it("shows an anonymous visitor the signed-out top bar without asking who is signed in", async () => {
    const { requests } = stubApi({});
    renderRoute('/about');
    const nav = await screen.findByRole('navigation', { name: 'Primary' });
    expect(await within(nav).findByRole('link', { name: 'Members Area' })).toHaveAttribute('href', '/auth');
    expect(paths(requests)).not.toContain('/api/user');
  });
});
