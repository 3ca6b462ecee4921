import { CONTACT_MAIL_DELIVERY, honeypotFilled, nextMailAttemptInMinutes, supportMailSubject } from './contact-message';
import { TooManyContactMessagesError } from './support-errors';

describe('contact messages (D34)', () => {
  it('count the honeypot as filled for any non-blank value', () => {
    expect(honeypotFilled(undefined)).toBe(false);
    expect(honeypotFilled(null)).toBe(false);
    expect(honeypotFilled('')).toBe(false);
    expect(honeypotFilled('   ')).toBe(false);
    expect(honeypotFilled('https://spam.example')).toBe(true);
    expect(honeypotFilled(0)).toBe(true);
    expect(honeypotFilled({})).toBe(true);
  });

  it('put the subject on one line after "[Contact] ", so it cannot add mail headers', () => {
    expect(supportMailSubject('Billing question')).toBe('[Contact] Billing question');
    expect(supportMailSubject('Hi\r\nBcc: victim@example.com')).toBe('[Contact] Hi Bcc: victim@example.com');
    expect(supportMailSubject('a\n\n\rb\u2028c\td')).toBe('[Contact] a b c d');
  });

  it('retry a failed mail with a growing pause, and stop after the last attempt', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(nextMailAttemptInMinutes)).toEqual([5, 10, 20, 40, 80, 160, 320]);
    expect(nextMailAttemptInMinutes(CONTACT_MAIL_DELIVERY.maxAttempts)).toBeNull();
    expect(nextMailAttemptInMinutes(CONTACT_MAIL_DELIVERY.maxAttempts + 3)).toBeNull();
  });

  it('say the hourly limit in the refusal', () => {
    expect(new TooManyContactMessagesError(5)).toMatchObject({
      kind: 'rate_limited',
      code: 'SUPPORT.TOO_MANY_MESSAGES',
      message: 'You have sent 5 messages in the last hour. Please try again later.',
    });
  });
});
