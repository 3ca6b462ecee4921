import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress, emailBreakParts } from './email-address';

describe('an e-mail address in a narrow box (issue 24)', () => {
  it('may break before the @ and each dot only', () => {
    expect(emailBreakParts('pat.smith@mail.example.com')).toEqual(['pat', '.smith', '@mail', '.example', '.com']);
    expect(emailBreakParts('e2e-mpx1abc1@example.com')).toEqual(['e2e-mpx1abc1', '@example', '.com']);
    expect(emailBreakParts('no-at-sign')).toEqual(['no-at-sign']);
  });

  it('reads and copies as the address: the break points are <wbr>, not text', () => {
    const { container } = render(<EmailAddress email="pat.smith@example.com" />);
    const span = container.firstElementChild!;
    expect(span.textContent).toBe('pat.smith@example.com');
    expect(span.querySelectorAll('wbr')).toHaveLength(3);
  });
});
