/**
 * Shared set-up for the community tests: entries as the server sends them, a component rendered
 * with a fresh store and a router, and answers that arrive only when the test says so.
 */
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { ApiSchema } from '../../../shared/api/contract';
import { AppProviders, makeStore } from '../../../test/app-parts';
import type { RouteHandler } from '../../../test/fetch-stub';
import { laughMemory } from '../lib/laugh-memory';

/** A feed entry as the server sends it (its CommunityEntryResponse). */
export type EntryAnswer = ApiSchema<'CommunityEntryResponse'>;

export function entry(n: number, overrides: Partial<EntryAnswer> = {}): EntryAnswer {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    id,
    prompt: `prompt number ${n}`,
    style: 'realistic',
    timestamp: new Date(Date.UTC(2026, 2, 10, 12, 0, 0) - n * 60_000).toISOString(),
    laughCount: 0,
    generatedPath: `/api/images/${id}`,
    originalPath: `/api/images/${id}/original`,
    imageUrl: `/api/images/${id}`,
    originalUrl: `/api/images/${id}/original`,
    originalRenditions: [],
    generatedRenditions: [],
    ...overrides,
  };
}

/**
 * D31 renditions as the server lists them for one image of an edit: `/api/images/{id}/renditions/
 * {file}-{width}-{version}.webp`, 3:2 images, by width ascending.
 */
export function renditions(id: string, file: 'original' | 'generated', widths: readonly number[] = [320, 640, 1000]): Array<ApiSchema<'RenditionResponse'>> {
  return widths.map((width) => ({
    url: `/api/images/${id}/renditions/${file}-${width}-0123456789abcdef.webp`,
    width,
    height: Math.round((width * 2) / 3),
  }));
}

/** An entry as the server sends it with renditions of both images. */
export function entryWithRenditions(n: number, overrides: Partial<EntryAnswer> = {}): EntryAnswer {
  const base = entry(n, overrides);
  return {
    ...base,
    originalRenditions: renditions(base.id, 'original'),
    generatedRenditions: renditions(base.id, 'generated'),
    ...overrides,
  };
}

export function rankedEntry(rank: number, overrides: Partial<ApiSchema<'LeaderboardEntryResponse'>> = {}): ApiSchema<'LeaderboardEntryResponse'> {
  return { ...entry(rank, { laughCount: 100 - rank }), rank, ...overrides };
}

export function renderWithStore(ui: ReactNode) {
  const store = makeStore();
  const view = render(
    <AppProviders store={store}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...view, store };
}

/**
 * A handler whose answers are held until `release` is called; an answer released before its
 * request arrives is given to the next request.
 */
export function heldAnswer() {
  const waiting: Array<(response: Response) => void> = [];
  const ready: Response[] = [];
  const handler: RouteHandler = () => {
    const answer = ready.shift();
    return answer ?? new Promise<Response>((resolve) => waiting.push(resolve));
  };
  return {
    handler,
    release(response: Response) {
      const next = waiting.shift();
      if (next) next(response);
      else ready.push(response);
    },
    get waiting() {
      return waiting.length;
    },
  };
}

export function calls(requests: Request[], method: string, path: string): Request[] {
  return requests.filter((request) => request.method === method && new URL(request.url).pathname === path);
}

/** The laugh memory is module state: each test starts with none. */
export function forgetLaughs() {
  laughMemory.clear();
}
