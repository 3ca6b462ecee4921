import { refundShares } from './refund-rules';

const shares = (credits: number, paid: number, amounts: number[]) =>
  refundShares(
    credits,
    paid,
    amounts.map((amount, i) => ({ refundId: `re_${i + 1}`, amount })),
  ).map((s) => s.credits);

describe('refund shares of a pack purchase (D37)', () => {
  it('a partial refund takes floor(refunded / paid × credits)', () => {
    expect(shares(15, 1000, [100])).toEqual([1]); // $1 of a $10 pack of 15: 1.5 → 1
    expect(shares(15, 1000, [500])).toEqual([7]); // 7.5 → 7
    expect(shares(7, 500, [500])).toEqual([7]);
  });

  it('several refunds add up, and together take what one refund of their sum takes', () => {
    expect(shares(15, 1000, Array(10).fill(100))).toEqual([1, 2, 1, 2, 1, 2, 1, 2, 1, 2]);
    expect(shares(15, 1000, Array(10).fill(100)).reduce((a, b) => a + b)).toBe(15);
    expect(shares(15, 1000, [100, 900])).toEqual([1, 14]);
  });

  it('never takes more than the purchase granted, even when refunds exceed the price', () => {
    expect(shares(15, 1000, [800, 800])).toEqual([12, 3]);
    expect(shares(1, 100, [100, 100])).toEqual([1, 0]);
  });

  it('a refund of nothing takes nothing', () => {
    expect(shares(45, 2500, [0, 1])).toEqual([0, 0]);
  });

  it('D37: a negative refund amount gives nothing back to the buyer and takes nothing', () => {
    expect(shares(15, 1000, [-500, 500])).toEqual([0, 7]);
  });

  it('D37: a refund of a purchase that cost nothing (a 100 % discount) is a full refund: it takes back all the purchase granted, once', () => {
    expect(shares(7, 0, [0, 0])).toEqual([7, 0]);
  });

  it('keeps each refund id with its share, in the order given, so each refund counts once', () => {
    expect(refundShares(15, 1000, [{ refundId: 're_a', amount: 500 }, { refundId: 're_b', amount: 500 }])).toEqual([
      { refundId: 're_a', credits: 7 },
      { refundId: 're_b', credits: 8 },
    ]);
  });

  it('a purchase that granted no credits has none to take back; a negative or fractional count is a programming error', () => {
    expect(shares(0, 1000, [1000])).toEqual([0]);
    expect(() => shares(-1, 1000, [1000])).toThrow(new RangeError('credits must be a whole number of 0 or more'));
    expect(() => shares(1.5, 1000, [1000])).toThrow(RangeError);
  });
});
