import { balanceOf } from './credit-balance';
import type { CreditGroup } from './credit-group';

const now = new Date('2026-03-01T12:00:00Z');
const day = 24 * 3600 * 1000;

function group(kind: CreditGroup['kind'], remaining: number, expiresInDays: number | null = null): CreditGroup {
  return {
    groupId: `${kind}-${remaining}-${expiresInDays}`,
    kind,
    remaining,
    expiresAt: expiresInDays === null ? null : new Date(now.getTime() + expiresInDays * day),
  };
}

describe('balanceOf (D2, D3)', () => {
  it('is 0 for an empty ledger', () => {
    expect(balanceOf([], now)).toEqual({ balance: 0, regular: 0, watermarked: 0 });
  });

  it('sums what is left per kind, and balance is their sum', () => {
    expect(balanceOf([group('regular', 7), group('regular', 3, 20), group('watermarked', 2)], now)).toEqual({
      balance: 12,
      regular: 10,
      watermarked: 2,
    });
  });

  it('leaves out an expired group (its remainder and its uses go together), at the very instant of expiry too', () => {
    // A subscription grant of 45 with 40 used leaves a group remaining 5; once it expires the
    // 5 vanish and the pack's 7 stay exactly 7.
    const groups = [group('regular', 7), group('regular', 5, -1), group('watermarked', 1, 0)];
    expect(balanceOf(groups, now)).toEqual({ balance: 7, regular: 7, watermarked: 0 });
    expect(balanceOf([group('regular', 5, 1)], now).regular).toBe(5);
  });
});
