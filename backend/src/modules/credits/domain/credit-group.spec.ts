import { chooseGroupForUse, compareBySoonestExpiry, planDebit, type CreditGroup } from './credit-group';

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

  it('D2, D3: takes a credit that expires before one that never does, whatever their ids', () => {
    const groups = [group('0-pack', 'regular', 5), group('z-sub', 'regular', 1, at(30))];
    expect(chooseGroupForUse(groups, now)?.groupId).toBe('z-sub');
    expect(chooseGroupForUse([...groups].reverse(), now)?.groupId).toBe('z-sub');
  });

  it('D2: between groups that expire at the same instant, or never, picks the same one whatever order the ledger lists them in', () => {
    const sameInstant = [group('g2', 'regular', 1, at(5)), group('g1', 'regular', 1, at(5))];
    expect(chooseGroupForUse(sameInstant, now)?.groupId).toBe('g1');
    expect(chooseGroupForUse([...sameInstant].reverse(), now)?.groupId).toBe('g1');
    const packs = [group('p2', 'regular', 1), group('p1', 'regular', 1)];
    expect(chooseGroupForUse(packs, now)?.groupId).toBe('p1');
    expect(chooseGroupForUse([...packs].reverse(), now)?.groupId).toBe('p1');
  });

  it('skips expired and empty groups, and answers null when nothing is left', () => {
    expect(chooseGroupForUse([group('old', 'regular', 3, at(-1)), group('w', 'watermarked', 1)], now)?.groupId).toBe('w');
    expect(chooseGroupForUse([group('old', 'regular', 3, now), group('empty', 'watermarked', 0)], now)).toBeNull();
    expect(chooseGroupForUse([], now)).toBeNull();
  });
});

describe('compareBySoonestExpiry', () => {
  it('is a consistent comparator: any two groups come in one order whichever is asked first, and a group ties with itself', () => {
    // Array.prototype.sort is only defined for such a comparator; without it the choice would
    // depend on the engine and on the order of the ledger's rows.
    const pairs: Array<[CreditGroup, CreditGroup]> = [
      [group('sub', 'regular', 1, at(2)), group('pack', 'regular', 1)],
      [group('b', 'regular', 1, at(2)), group('a', 'regular', 1, at(9))],
      [group('a', 'regular', 1, at(5)), group('b', 'regular', 1, at(5))],
      [group('p1', 'regular', 1), group('p2', 'regular', 1)],
    ];
    for (const [first, second] of pairs) {
      expect(compareBySoonestExpiry(first, second)).toBeLessThan(0);
      expect(compareBySoonestExpiry(second, first)).toBeGreaterThan(0);
      expect(compareBySoonestExpiry(first, first)).toBe(0);
    }
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

  it('D3: draws from several subscription grants in expiry order, whatever order the ledger lists them in', () => {
    const groups = [group('a', 'regular', 2, at(30)), group('b', 'regular', 2, at(2)), group('c', 'regular', 2, at(10))];
    expect(planDebit(groups, 'regular', 3, now)).toEqual([
      { groupId: 'b', expiresAt: at(2), credits: 2 },
      { groupId: 'c', expiresAt: at(10), credits: 1 },
    ]);
  });

  it('draws only what the debit needs: no draw of 0 credits from an empty group or from a group after the debit is covered', () => {
    const groups = [group('empty', 'regular', 0, at(1)), group('sub', 'regular', 3, at(5)), group('pack', 'regular', 5)];
    expect(planDebit(groups, 'regular', 2, now)).toEqual([{ groupId: 'sub', expiresAt: at(5), credits: 2 }]);
  });

  it('refuses (null) a debit larger than what that kind holds; the other kind does not count', () => {
    const groups = [group('r', 'regular', 1), group('w', 'watermarked', 9), group('old', 'regular', 5, at(-1))];
    expect(planDebit(groups, 'regular', 2, now)).toBeNull();
    expect(planDebit(groups, 'regular', 1, now)).toEqual([{ groupId: 'r', expiresAt: null, credits: 1 }]);
  });

  it('rejects an amount that is not a whole number above 0', () => {
    expect(() => planDebit([], 'regular', 0, now)).toThrow(RangeError);
    expect(() => planDebit([], 'regular', 1.5, now)).toThrow(new RangeError('a debit is a whole number above 0 (got 1.5)'));
  });
});
