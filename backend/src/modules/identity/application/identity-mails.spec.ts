import { escapeHtml } from '../../../shared/mail/html';
import { passwordChangedMail, verificationLink, verificationMail } from './identity-mails';

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
    const mail = passwordChangedMail(to, new Date('2025-03-04T05:06:07Z'), 'help@magic.example');
    expect(mail).toMatchObject({ to: 'ann@example.com', subject: 'Your Magic Editor password was changed' });
    expect(mail.text).toContain('2025-03-04 05:06:07 UTC');
    expect(mail.text).toContain('help@magic.example');
    expect(mail.html).not.toContain('<script>');
  });
});
