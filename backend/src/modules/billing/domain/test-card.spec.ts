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

  it('declines other valid card numbers: this checkout takes no real cards', () => {
    expect(checkTestCard({ ...card, cardNumber: '5555 5555 5555 4444' }, now)).toMatchObject({ ok: false, reason: 'declined' });
  });
});
