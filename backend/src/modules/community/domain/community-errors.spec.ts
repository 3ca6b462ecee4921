import { CommunityImageNotFoundError, LaughRateLimitedError } from './community-errors';

describe('community errors keep the codes and texts of the HTTP contract', () => {
  it('an image not in the feed is a 404 IMAGE.NOT_FOUND', () => {
    expect(new CommunityImageNotFoundError()).toMatchObject({ kind: 'not_found', code: 'IMAGE.NOT_FOUND', message: 'Image not found' });
  });

  it('too many laughs from one address is a 429 RATE_LIMIT.BLOCKED', () => {
    expect(new LaughRateLimitedError()).toMatchObject({
      kind: 'rate_limited',
      code: 'RATE_LIMIT.BLOCKED',
      message: 'Too many laughs. Please wait a minute.',
    });
  });
});
