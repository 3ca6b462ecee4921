import { describe, expect, it } from 'vitest';
import { USER_IDENTIFIER_KEY, getUserIdentifier } from './user-identifier';

describe('userIdentifier (000 §3)', () => {
  it('is created once as prefix_timestamp_random and then kept in localStorage', () => {
    const first = getUserIdentifier();

    expect(first).toMatch(/^anon_\d{13}_[0-9a-z]+$/);
    expect(localStorage.getItem(USER_IDENTIFIER_KEY)).toBe(first);
    expect(getUserIdentifier(true)).toBe(first);
  });

  it('uses the "user_" prefix when created for a signed-in user', () => {
    expect(getUserIdentifier(true)).toMatch(/^user_\d{13}_[0-9a-z]+$/);
  });
});
