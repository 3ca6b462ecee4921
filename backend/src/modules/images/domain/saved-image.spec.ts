import { savedImageExpiry } from './saved-image';

describe('savedImageExpiry (D23)', () => {
  it('is 60 days after saving', () => {
    expect(savedImageExpiry(new Date('2025-01-01T10:00:00Z')).toISOString()).toBe('2025-03-02T10:00:00.000Z');
  });
});
