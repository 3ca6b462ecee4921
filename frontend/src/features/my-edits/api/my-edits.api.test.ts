import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../test/app-parts';
import { UNREADABLE_ANSWER_MESSAGE } from '../../../shared/api/base-api';
import { json, stubApi } from '../../../test/fetch-stub';
import { listAnswer, savedImage } from '../my-edits-test-kit';
import { myEditsApi, toMyEditsPage } from './my-edits.api';

describe('the My Edits list answer', () => {
  it('reads the items and the three headers', async () => {
    stubApi({ 'GET /api/my-edits': () => listAnswer([savedImage('a')], { total: 12, favorites: 3, next: 'c2' }) });
    const store = makeStore();

    const result = await store.dispatch(myEditsApi.endpoints.myEdits.initiate('all'));

    const page = result.data?.pages[0];
    expect(page).toMatchObject({ totalCount: 12, favoritesCount: 3, nextCursor: 'c2' });
    expect(page?.items[0]).toMatchObject({ id: 'a', isFavorite: false, laughCount: 2, downloadUrl: '/api/images/a/download' });
    expect(page?.items[0]?.generatedRenditions.map((r) => r.width)).toEqual([320, 640]);
  });

  it('is lenient per item: addresses come from the id, a broken count is 0, an item without an id is dropped', () => {
    const page = toMyEditsPage([{ id: 5, laughCount: 'many', expiresAt: null }, { prompt: 'no id' }], new Headers());

    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      id: '5',
      laughCount: 0,
      expiresAt: '',
      imageUrl: '/api/images/5',
      downloadUrl: '/api/images/5/download',
      generatedRenditions: [],
    });
    expect(page).toMatchObject({ totalCount: null, favoritesCount: null, nextCursor: null });
  });

  it('turns an answer that is not a list into the error state', async () => {
    stubApi({ 'GET /api/my-edits': () => json({ images: [] }) });
    const store = makeStore();

    const result = await store.dispatch(myEditsApi.endpoints.myEdits.initiate('favorites'));

    expect(result.error).toMatchObject({ message: UNREADABLE_ANSWER_MESSAGE });
  });
});
