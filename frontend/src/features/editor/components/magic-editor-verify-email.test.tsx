import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { findToastTitle, shownToasts } from '../../../test/toasts';
import { PAT, calls, generateWithChip, openEditor } from '../pages/editor-test-kit';
import { VERIFY_EMAIL_TITLE } from './verify-email-dialog';

/** Signed up, e-mail not verified yet: no credits (000 §4, D1). */
const NEWCOMER = { ...PAT, email: 'newcomer@example.com', emailVerified: false };

/** What POST /api/generate answers a user without credits (generation's use case, issue 15). */
const NO_CREDITS = () => json({ message: 'Insufficient credits', error: 'Payment Required', code: 'CREDITS.INSUFFICIENT' }, { status: 402 });

const NO_BALANCE = () => json({ balance: 0, regular: 0, watermarked: 0 });

afterEach(() => {
  vi.useRealTimers();
});

describe('Generate by a user whose e-mail is not verified (issue 24)', () => {
  it('explains that verifying gives 2 free credits, offers Resend Email instead of buying, and sends it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { requests } = await openEditor(
      {
        'GET /api/user/credits': NO_BALANCE,
        'POST /api/generate': NO_CREDITS,
        'POST /api/resend-confirmation': () => json({ message: 'Confirmation email sent successfully! Please check your inbox.' }),
      },
      NEWCOMER,
    );

    await generateWithChip(user);

    const dialog = await screen.findByRole('dialog', { name: VERIFY_EMAIL_TITLE });
    expect(dialog).toHaveAccessibleDescription(
      'Your 2 free credits arrive as soon as your email is verified. Open the link we sent to newcomer@example.com, or send a new one.',
    );
    // Not the buying flow: no "Out of Credits!" toast, and no "buy more?" question after 1 second.
    expect(shownToasts().map((toast) => toast.title)).not.toContain('Out of Credits!');
    await vi.advanceTimersByTimeAsync(1500);
    expect(screen.queryByRole('dialog', { name: "You're out of credits!" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Buy Credits' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Resend Email' }));

    expect(await findToastTitle('Email Sent')).toBeInTheDocument();
    const [resend] = calls(requests, 'POST', '/api/resend-confirmation');
    expect(await resend!.json()).toEqual({ email: 'newcomer@example.com' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The failed generation stays on the prompt step, prompt kept.
    expect(screen.getByRole('heading', { level: 2, name: 'Add Prompt' })).toBeInTheDocument();
  });

  it('keeps the offer open when the mail cannot be sent, and "Not now" closes it', async () => {
    const user = userEvent.setup();
    await openEditor(
      {
        'GET /api/user/credits': NO_BALANCE,
        'POST /api/generate': NO_CREDITS,
        'POST /api/resend-confirmation': () => json({ error: 'Too many confirmation emails requested. Please try again later.' }, { status: 429 }),
      },
      NEWCOMER,
    );
    await generateWithChip(user);
    const dialog = await screen.findByRole('dialog', { name: VERIFY_EMAIL_TITLE });

    await user.click(within(dialog).getByRole('button', { name: 'Resend Email' }));

    expect(await findToastTitle('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: VERIFY_EMAIL_TITLE })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('also answers a 403 that says the e-mail is not verified', async () => {
    const user = userEvent.setup();
    await openEditor(
      {
        'POST /api/generate': () =>
          json({ message: 'Please verify your email address first.', code: 'AUTH.EMAIL_NOT_VERIFIED' }, { status: 403 }),
      },
      NEWCOMER,
    );
    await generateWithChip(user);

    expect(await screen.findByRole('dialog', { name: VERIFY_EMAIL_TITLE })).toBeInTheDocument();
  });

  it('leaves a verified user out of credits with the spec\'s flow: "Out of Credits!", then the question', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await openEditor({ 'GET /api/user/credits': NO_BALANCE, 'POST /api/generate': NO_CREDITS }, PAT);
    await generateWithChip(user);

    expect(await findToastTitle('Out of Credits!')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(1000);
    const dialog = await screen.findByRole('dialog', { name: "You're out of credits!" });
    expect(dialog).toHaveAccessibleDescription('Would you like to buy more credits to continue creating images?');
    expect(screen.queryByRole('dialog', { name: VERIFY_EMAIL_TITLE })).not.toBeInTheDocument();
  });
});
