import { expiryAfterFavorite, favoriteExpiry, savedImageExpiry } from './saved-image';

describe('saved image expiry (D23)', () => {
  const savedAt = new Date('2025-01-01T10:00:00Z');

  it('is 60 days after saving', () => {
    expect(savedImageExpiry(savedAt).toISOString()).toBe('2025-03-02T10:00:00.000Z');
  });

  it('is 365 days after favouriting for a favourite', () => {
    expect(favoriteExpiry(new Date('2025-02-01T00:00:00Z')).toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(expiryAfterFavorite(true, savedAt, new Date('2025-02-01T00:00:00Z')).toISOString()).toBe('2026-02-01T00:00:00.000Z');
  });

  it('goes back to 60 days after saving when unfavourited, even if that date has passed', () => {
    expect(expiryAfterFavorite(false, savedAt, new Date('2025-06-01T00:00:00Z')).toISOString()).toBe('2025-03-02T10:00:00.000Z');
  });
});
