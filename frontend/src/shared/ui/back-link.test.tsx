import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { BackLink } from './back-link';

describe('BackLink', () => {
  it('is a link with its arrow and text', () => {
    render(
      <MemoryRouter>
        <BackLink to="/pricing">Back to Pricing</BackLink>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Back to Pricing' });
    expect(link).toHaveAttribute('href', '/pricing');
    expect(link.querySelector('svg')).not.toBeNull();
  });

  // The alignment with the content edge (issue 15) is measured in a real browser: e2e/landing.e2e.ts.
});
