import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { makeStore } from '../../test/app-parts';
import { json, stubApi } from '../../test/fetch-stub';
import { UNREADABLE_ANSWER_MESSAGE, baseApi } from './base-api';
import { creditsApi } from './credits.api';
import { parseResponse, readResponse } from './parse-response';

const pointSchema = z.object({ x: z.number(), y: z.number() });

// Endpoints that exist only for these tests, added the way features add theirs.
const pointApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    point: build.query<z.output<typeof pointSchema>, void>({
      query: () => '/point',
      transformResponse: parseResponse(pointSchema),
    }),
    pointByHand: build.query<z.output<typeof pointSchema>, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const answer = await baseQuery('/point');
        return answer.error ? { error: answer.error } : readResponse(pointSchema, answer.data);
      },
    }),
  }),
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('responses parsed by zod schemas', () => {
  it('hands over an answer that matches the schema', async () => {
    stubApi({ 'GET /api/point': () => json({ x: 1, y: 2, extra: true }) });
    const store = makeStore();

    const { data, error } = await store.dispatch(pointApi.endpoints.point.initiate());

    expect(error).toBeUndefined();
    expect(data).toEqual({ x: 1, y: 2 });
  });

  it.each([
    ['a transformResponse', 'point'],
    ['a queryFn', 'pointByHand'],
  ] as const)('turns a malformed answer into an error state in %s, without an unhandled error', async (_kind, endpoint) => {
    const consoleError = vi.spyOn(console, 'error');
    stubApi({ 'GET /api/point': () => json({ x: 'one' }) });
    const store = makeStore();

    const { data, error, isError } = await store.dispatch(pointApi.endpoints[endpoint].initiate());

    expect(isError).toBe(true);
    expect(data).toBeUndefined();
    expect(error).toMatchObject({ status: 0, message: UNREADABLE_ANSWER_MESSAGE });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('rejects a credits answer that is not an object, and reads missing counts as 0', async () => {
    let body: unknown = ['not', 'credits'];
    stubApi({ 'GET /api/user/credits': () => json(body) });
    const store = makeStore();

    const malformed = await store.dispatch(creditsApi.endpoints.getCredits.initiate());
    expect(malformed.error).toMatchObject({ message: UNREADABLE_ANSWER_MESSAGE });

    body = { regular: 3 };
    const partial = await store.dispatch(creditsApi.endpoints.getCredits.initiate(undefined, { forceRefetch: true }));
    expect(partial.data).toEqual({ balance: 3, regular: 3, watermarked: 0 });
  });
});
