import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { openEditor, PAT } from '../pages/editor-test-kit';
import { creditNote, VERIFY_FOR_CREDITS_NOTE } from './credits-box';

const NO_CREDITS = { 'GET /api/user/credits': () => json({ balance: 0, regular: 0, watermarked: 0 }) };

describe('the credits box (000 §2 "Available Credits")', () => {
  it('points an unverified user with no credits to verification, not to buying more', async () => {
    await openEditor(NO_CREDITS, { ...PAT, emailVerified: false });
    const credits = screen.getByRole('region', { name: 'Available Credits' });

    expect(await within(credits).findByText(VERIFY_FOR_CREDITS_NOTE)).toBeInTheDocument();
    expect(VERIFY_FOR_CREDITS_NOTE).toMatch(/^Verify your email to get 2 free credits/);
    expect(within(credits).queryByText(/You have no credits left/)).not.toBeInTheDocument();
  });

  it('keeps the spec\'s "no credits left" text for a verified user with 0 credits', async () => {
    await openEditor(NO_CREDITS, { ...PAT, emailVerified: true });
    const credits = screen.getByRole('region', { name: 'Available Credits' });

    expect(await within(credits).findByText('You have no credits left. Buy more to keep creating.')).toBeInTheDocument();
    expect(within(credits).queryByText(VERIFY_FOR_CREDITS_NOTE)).not.toBeInTheDocument();
  });

  it('says nothing about verification once an unverified user has credits', () => {
    expect(creditNote(2, 2, false)).toBe('Includes 2 free credits; images made with free credits are watermarked.');
    expect(creditNote(0, 0, false)).toBe(VERIFY_FOR_CREDITS_NOTE);
    expect(creditNote(0, 0)).toBe('You have no credits left. Buy more to keep creating.');
  });
});
