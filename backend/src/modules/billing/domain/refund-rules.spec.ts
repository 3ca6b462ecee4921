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
});
