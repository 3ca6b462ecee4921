import { escapeHtml } from '../../../shared/mail/html';
import { passwordChangedMail, passwordResetLink, passwordResetMail, verificationLink, verificationMail } from './identity-mails';

describe('identity mails (D24)', () => {
  const to = { email: 'ann@example.com', username: 'ann<script>' };

  it('link the verification mail to the confirm-email page of the public origin', () => {
    const link = verificationLink('https://magic.example', 'abc_DEF-123');
    expect(link).toBe('https://magic.example/confirm-email/abc_DEF-123');
    const mail = verificationMail(to, link, 48);
    expect(mail).toMatchObject({ to: 'ann@example.com', subject: 'Verify your email for Magic Editor' });
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('2 free credits');
    expect(mail.html).toContain(`href="${link}"`);
  });

  it('escape every interpolated value in the HTML', () => {
    const mail = verificationMail(to, 'https://x.example/confirm-email/a"b', 48);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('ann&lt;script&gt;');
    expect(mail.html).toContain('a&quot;b');
    expect(escapeHtml(`<a href='x'>&</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('tell the owner when the password changed, and whom to contact', () => {
    const mail = passwordChangedMail(to, new Date('2025-03-04T05:06:07Z'), 'help@magic.example', 'other-devices');
    expect(mail).toMatchObject({ to: 'ann@example.com', subject: 'Your Magic Editor password was changed' });
    expect(mail.text).toContain('2025-03-04 05:06:07 UTC');
    expect(mail.text).toContain('help@magic.example');
    expect(mail.text).toContain('Every other device that was signed in has been signed out.');
    expect(mail.html).not.toContain('<script>');
    // D36: a reset signed the account out everywhere, the device it was made on included.
    const afterReset = passwordChangedMail(to, new Date('2025-03-04T05:06:07Z'), 'help@magic.example', 'every-device');
    expect(afterReset.text).toContain('Every device that was signed in has been signed out.');
    expect(afterReset.html).toContain('Every device that was signed in has been signed out.');
    expect(afterReset.text).not.toContain('other device');
  });

  it('D36: link the reset mail to the reset-password page, and say how long the link works', () => {
    const link = passwordResetLink('https://magic.example', 'abc_DEF-123');
    expect(link).toBe('https://magic.example/reset-password/abc_DEF-123');
    const mail = passwordResetMail(to, link, 60);
    expect(mail).toMatchObject({ to: 'ann@example.com', subject: 'Reset your Magic Editor password' });
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('works for 1 hour, and only once');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).not.toContain('<script>');
    expect(passwordResetMail(to, link, 90).text).toContain('works for 90 minutes');
    expect(passwordResetMail(to, link, 120).text).toContain('works for 2 hours');
  });
});
