import { checkTestCard } from './test-card';

const now = new Date('2026-11-23T00:00:00Z');
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

describe('the local test checkout’s cards (D30)', () => {
  it('pays with 4242 4242 4242 4242 and names it a test card', () => {
    expect(checkTestCard(card, now)).toEqual({ ok: true, card: { brand: 'Test card', last4: '4242', expMonth: 12, expYear: 2034 } });
  });

  it('declines 4000 0000 0000 0002 and 4000 0000 0000 9995 with Stripe’s messages', () => {
    expect(checkTestCard({ ...card, cardNumber: '4000000000000002' }, now)).toEqual({ ok: false, reason: 'declined', message: 'Your card was declined.' });
    expect(checkTestCard({ ...card, cardNumber: '4000-0000-0000-9995' }, now)).toMatchObject({ reason: 'declined', message: 'Your card has insufficient funds.' });
  });

  it('refuses wrong numbers, expiry dates and security codes', () => {
    expect(checkTestCard({ ...card, cardNumber: '4242 4242 4242 4241' }, now)).toMatchObject({ reason: 'invalid', message: 'Your card number is incorrect.' });
    expect(checkTestCard({ ...card, expiry: '13/30' }, now)).toMatchObject({ reason: 'invalid' });
    expect(checkTestCard({ ...card, expiry: '10/26' }, now)).toMatchObject({ message: 'Your card has expired.' });
    expect(checkTestCard({ ...card, expiry: '11/26' }, now)).toMatchObject({ ok: true });
    expect(checkTestCard({ ...card, expiry: '1234' }, now)).toMatchObject({ message: "Your card's expiration date is incomplete." });
    expect(checkTestCard({ ...card, cvc: '12' }, now)).toMatchObject({ message: "Your card's security code is incomplete." });
  });

  it('takes the expiry as MM/YY or MM/YYYY, with spaces around it or around the slash, as Stripe’s "MM / YY" field shows it', () => {
    expect(checkTestCard({ ...card, expiry: '12/2034' }, now)).toMatchObject({ ok: true, card: { expMonth: 12, expYear: 2034 } });
    expect(checkTestCard({ ...card, expiry: ' 1 / 27 ' }, now)).toMatchObject({ ok: true, card: { expMonth: 1, expYear: 2027 } });
  });

  it('refuses an expiry with more than it should hold', () => {
    const incomplete = { ok: false, reason: 'invalid', message: "Your card's expiration date is incomplete." };
    expect(checkTestCard({ ...card, expiry: '112/34' }, now)).toEqual(incomplete);
    expect(checkTestCard({ ...card, expiry: '12/345' }, now)).toEqual(incomplete);
    expect(checkTestCard({ ...card, expiry: '12/34x' }, now)).toEqual(incomplete);
  });

  it('takes months 01 to 12 only', () => {
    const badMonth = { ok: false, reason: 'invalid', message: "Your card's expiration month is invalid." };
    expect(checkTestCard({ ...card, expiry: '00/30' }, now)).toEqual(badMonth);
    expect(checkTestCard({ ...card, expiry: '13/30' }, now)).toEqual(badMonth);
    expect(checkTestCard({ ...card, expiry: '01/30' }, now)).toMatchObject({ ok: true });
    expect(checkTestCard({ ...card, expiry: '12/30' }, now)).toMatchObject({ ok: true });
  });

  it('a card is good through the last day of its expiry month, in any later year whatever the month', () => {
    expect(checkTestCard({ ...card, expiry: '12/25' }, now)).toMatchObject({ reason: 'invalid', message: 'Your card has expired.' });
    expect(checkTestCard({ ...card, expiry: '01/27' }, now)).toMatchObject({ ok: true });
  });

  it('takes a 3- or 4-digit security code, with spaces around it, and nothing else', () => {
    expect(checkTestCard({ ...card, cvc: '1234' }, now)).toMatchObject({ ok: true });
    expect(checkTestCard({ ...card, cvc: ' 123 ' }, now)).toMatchObject({ ok: true });
    for (const cvc of ['12345', '12a', '']) {
      expect(checkTestCard({ ...card, cvc }, now)).toMatchObject({ reason: 'invalid', message: "Your card's security code is incomplete." });
    }
  });

  it('refuses a card number of fewer than 12 or more than 19 digits, even one that passes the checksum', () => {
    const incorrect = { ok: false, reason: 'invalid', message: 'Your card number is incorrect.' };
    expect(checkTestCard({ ...card, cardNumber: '42424242420' }, now)).toEqual(incorrect);
    expect(checkTestCard({ ...card, cardNumber: '42424242424242420000' }, now)).toEqual(incorrect);
    expect(checkTestCard({ ...card, cardNumber: '4242 4242 4242 424x' }, now)).toEqual(incorrect);
  });

  it('declines other valid card numbers: this checkout takes no real cards', () => {
    expect(checkTestCard({ ...card, cardNumber: '5555 5555 5555 4444' }, now)).toEqual({
      ok: false,
      reason: 'declined',
      message: 'Your card was declined. This is a test checkout: use 4242 4242 4242 4242.',
    });
  });
});
