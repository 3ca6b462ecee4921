import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../test/app-parts';
import { json, stubApi } from '../../test/fetch-stub';
import { NETWORK_ERROR_MESSAGE, baseApi, getErrorMessage, getErrorStatus, type ApiError } from './base-api';
import { currentUserApi } from './current-user.api';
import { userBody } from '../../test/contract-answers';

// Endpoints that exist only for these tests, added the way features add theirs.
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, void>({ query: () => '/probe' }),
    send: build.mutation<unknown, unknown>({ query: (body) => ({ url: '/probe', method: 'POST', body }) }),
  }),
});

async function callProbe() {
  const store = makeStore();
  const result = await store.dispatch(probeApi.endpoints.probe.initiate());
  return result;
}

function answer(response: Response) {
  return stubApi({ 'GET /api/probe': () => response });
}

describe('base API error format (000 §8 "General")', () => {
  it('uses the message field of a JSON body', async () => {
    answer(json({ message: 'Email already registered', error: 'Conflict' }, { status: 409, statusText: 'Conflict' }));

    const { error } = await callProbe();

    expect(error).toEqual<ApiError>({
      status: 409,
      message: '409: Email already registered',
      data: { message: 'Email already registered', error: 'Conflict' },
    });
  });

  it('uses the raw body text when the JSON body has no message field', async () => {
    const body = '{"error":"Payment required","code":"CREDITS.INSUFFICIENT"}';
    answer(new Response(body, { status: 402, statusText: 'Payment Required', headers: { 'Content-Type': 'application/json' } }));

    const { error } = await callProbe();

    expect(error).toEqual<ApiError>({
      status: 402,
      message: `402: ${body}`,
      data: { error: 'Payment required', code: 'CREDITS.INSUFFICIENT' },
    });
  });

  it('uses the raw body text of a plain-text answer', async () => {
    answer(new Response('Upstream exploded', { status: 500, statusText: 'Internal Server Error', headers: { 'Content-Type': 'text/plain' } }));

    const { error } = await callProbe();

    expect(error).toEqual<ApiError>({ status: 500, message: '500: Upstream exploded', data: 'Upstream exploded' });
  });

  it('uses the status text when the body is empty', async () => {
    answer(new Response(null, { status: 503, statusText: 'Service Unavailable' }));

    const { error } = await callProbe();

    expect(error).toEqual<ApiError>({ status: 503, message: '503: Service Unavailable', data: null });
  });

  it('falls back to the standard reason phrase when the answer has no status text', async () => {
    answer(new Response('', { status: 429 }));

    const { error } = await callProbe();

    expect(error?.message).toBe('429: Too Many Requests');
  });

  it('joins a list of validation messages', async () => {
    answer(json({ message: ['email must be an email', 'password is too short'] }, { status: 400, statusText: 'Bad Request' }));

    const { error } = await callProbe();

    expect(error?.message).toBe('400: email must be an email; password is too short');
  });

  it('reports a network failure with status 0 and a clear message', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));

    const { error } = await callProbe();

    expect(error).toEqual<ApiError>({ status: 0, message: NETWORK_ERROR_MESSAGE, data: null });
  });

  it('gives the same message to code that unwraps a mutation', async () => {
    stubApi({ 'POST /api/probe': () => json({ message: 'Nope' }, { status: 403, statusText: 'Forbidden' }) });
    const store = makeStore();

    const failure: unknown = await store
      .dispatch(probeApi.endpoints.send.initiate({ a: 1 }))
      .unwrap()
      .then(
        () => null,
        (error: unknown) => error,
      );

    expect(getErrorMessage(failure)).toBe('403: Nope');
    expect(getErrorStatus(failure)).toBe(403);
  });
});

describe('base API request behaviour (000 §7)', () => {
  it('calls the absolute /api address with credentials and parses JSON answers', async () => {
    const { requests } = answer(json({ hello: 'world' }));

    const { data } = await callProbe();

    expect(data).toEqual({ hello: 'world' });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(`${window.location.origin}/api/probe`);
    expect(requests[0]?.credentials).toBe('include');
  });

  it('answers null for an empty success body', async () => {
    answer(new Response(null, { status: 204 }));

    const { data, error } = await callProbe();

    expect(error).toBeUndefined();
    expect(data).toBeNull();
  });

  it('sends a plain-object body as JSON with a JSON content type', async () => {
    const { requests } = stubApi({ 'POST /api/probe': () => json({ ok: true }) });
    const store = makeStore();

    await store.dispatch(probeApi.endpoints.send.initiate({ prompt: 'add snow falling' }));

    const request = requests[0];
    expect(request?.credentials).toBe('include');
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(await request?.text()).toBe('{"prompt":"add snow falling"}');
  });

  it('passes FormData through untouched (multipart, not JSON)', async () => {
    const { fetchMock } = stubApi({ 'POST /api/probe': () => json({ ok: true }) });
    const store = makeStore();
    const form = new FormData();
    form.append('prompt', 'add snow falling');

    await store.dispatch(probeApi.endpoints.send.initiate(form));

    const request = fetchMock.mock.calls[0]?.[0];
    expect(request).toBeInstanceOf(Request);
    expect((request as Request).headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('does not retry a failed call', async () => {
    const { fetchMock } = answer(new Response('down', { status: 500 }));

    await callProbe();

    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('a session that ends behind the page (D21)', () => {
  it('asks GET /api/user again when another call answers 401, so the shell turns signed-out', async () => {
    let signedIn = true;
    const { requests } = stubApi({
      'GET /api/user': () =>
        signedIn ? json(userBody({ id: 'u1', email: 'ann@example.com', username: 'ann' })) : json({ message: 'Authentication required' }, { status: 401 }),
      'GET /api/probe': () => json({ message: 'Authentication required' }, { status: 401 }),
    });
    const store = makeStore();
    const subscription = store.dispatch(currentUserApi.endpoints.getCurrentUser.initiate());
    const first = await subscription;
    expect(first.data).toMatchObject({ id: 'u1' });

    signedIn = false; // e.g. an admin suspended the account: its sessions were deleted
    await store.dispatch(probeApi.endpoints.probe.initiate());
    await vi.waitFor(() => expect(currentUserApi.endpoints.getCurrentUser.select()(store.getState()).data).toBeNull());
    expect(requests.filter((r) => new URL(r.url).pathname === '/api/user')).toHaveLength(2);
    subscription.unsubscribe();
  });

  it('does not ask again for the 401 of GET /api/user itself (a visitor: no loop)', async () => {
    const { requests } = stubApi({ 'GET /api/user': () => json({ message: 'Authentication required' }, { status: 401 }) });
    const store = makeStore();
    const subscription = store.dispatch(currentUserApi.endpoints.getCurrentUser.initiate());
    const visitor = await subscription;
    expect(visitor.data).toBeNull();
    await store.dispatch(probeApi.endpoints.probe.initiate());
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/user', '/api/probe']);
    subscription.unsubscribe();
  });
});
