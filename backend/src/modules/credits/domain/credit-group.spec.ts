import { chooseGroupForUse, planDebit, type CreditGroup } from './credit-group';

const now = new Date('2026-03-01T12:00:00Z');
const day = 24 * 3600 * 1000;
const at = (days: number) => new Date(now.getTime() + days * day);

function group(groupId: string, kind: CreditGroup['kind'], remaining: number, expiresAt: Date | null = null): CreditGroup {
  return { groupId, kind, remaining, expiresAt };
}

describe('chooseGroupForUse (D2)', () => {
  it('takes a regular credit before a watermarked one', () => {
    const choice = chooseGroupForUse([group('w', 'watermarked', 2, at(1)), group('r', 'regular', 1)], now);
    expect(choice?.groupId).toBe('r');
  });

  it('takes the soonest-expiring regular group, and a never-expiring one last', () => {
    const groups = [group('pack', 'regular', 5), group('later', 'regular', 1, at(30)), group('soon', 'regular', 1, at(2))];
    expect(chooseGroupForUse(groups, now)?.groupId).toBe('soon');
    expect(chooseGroupForUse(groups.filter((g) => g.groupId !== 'soon'), now)?.groupId).toBe('later');
    expect(chooseGroupForUse(groups.filter((g) => g.groupId === 'pack'), now)?.groupId).toBe('pack');
  });

  it('falls back to watermarked when no regular credit is left, soonest-expiring first', () => {
    const groups = [group('r-empty', 'regular', 0, at(1)), group('w-never', 'watermarked', 2), group('w-soon', 'watermarked', 1, at(3))];
    const choice = chooseGroupForUse(groups, now);
    expect(choice).toMatchObject({ groupId: 'w-soon', kind: 'watermarked' });
  });

  it('skips expired and empty groups, and answers null when nothing is left', () => {
    expect(chooseGroupForUse([group('old', 'regular', 3, at(-1)), group('w', 'watermarked', 1)], now)?.groupId).toBe('w');
    expect(chooseGroupForUse([group('old', 'regular', 3, now), group('empty', 'watermarked', 0)], now)).toBeNull();
    expect(chooseGroupForUse([], now)).toBeNull();
  });
});

describe('planDebit (negative adjustment)', () => {
  it('draws soonest-expiring first and spreads over groups', () => {
    const groups = [group('pack', 'regular', 5), group('sub', 'regular', 2, at(10)), group('w', 'watermarked', 9)];
    expect(planDebit(groups, 'regular', 4, now)).toEqual([
      { groupId: 'sub', expiresAt: at(10), credits: 2 },
      { groupId: 'pack', expiresAt: null, credits: 2 },
    ]);
  });

  it('refuses (null) a debit larger than what that kind holds; the other kind does not count', () => {
    const groups = [group('r', 'regular', 1), group('w', 'watermarked', 9), group('old', 'regular', 5, at(-1))];
    expect(planDebit(groups, 'regular', 2, now)).toBeNull();
    expect(planDebit(groups, 'regular', 1, now)).toEqual([{ groupId: 'r', expiresAt: null, credits: 1 }]);
  });

  it('rejects an amount that is not a whole number above 0', () => {
    expect(() => planDebit([], 'regular', 0, now)).toThrow(RangeError);
    expect(() => planDebit([], 'regular', 1.5, now)).toThrow(RangeError);
  });
});
