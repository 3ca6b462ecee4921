import { MAX_PAGE_SIZE, PAGE_SIZE, pageRequest } from './pagination';

describe('pageRequest', () => {
  it('fills in 50 a page from the start (D32)', () => {
    expect(pageRequest()).toEqual({ limit: PAGE_SIZE, offset: 0 });
    expect(PAGE_SIZE).toBe(50);
    expect(pageRequest({ limit: 3, offset: 6 })).toEqual({ limit: 3, offset: 6 });
    expect(pageRequest({ limit: MAX_PAGE_SIZE })).toEqual({ limit: MAX_PAGE_SIZE, offset: 0 });
  });

  it.each([{ limit: 0 }, { limit: MAX_PAGE_SIZE + 1 }, { limit: 2.5 }, { limit: Number.NaN }, { offset: -1 }, { offset: 1.5 }])(
    'refuses %j with a 400',
    (request) => {
      expect(() => pageRequest(request)).toThrow(expect.objectContaining({ kind: 'invalid', code: 'VALIDATION.FAILED' }));
    },
  );
});
