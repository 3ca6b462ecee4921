import { render, screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { aiEditedBadgeOn } from '../../test/ai-edited';
import { AI_EDITED_DESCRIPTION, AiEditedBadge, aiEditedAlt } from './ai-edited-badge';
import { ImageFigure } from './image-figure';

const FIGURE = {
  src: '/api/images/img-1',
  renditions: [],
  sizes: '50vw',
  fallbackWidth: 480,
  fallbackHeight: 480,
  caption: 'Edited',
  newTabHint: ' (opens in a new tab)',
  classes: {},
} as const;

/** D42 (EU AI Act Art. 50): the label on every generated image. */
describe('AiEditedBadge', () => {
  it('says "AI-edited" in words (not colour only), and what that means as its description', () => {
    render(<AiEditedBadge />);
    const badge = screen.getByText('AI-edited');
    expect(badge).toHaveAccessibleDescription('Edited with AI; this image carries Content Credentials');
    expect(badge).toHaveAttribute('title', AI_EDITED_DESCRIPTION);
    expect(badge.querySelector('svg')).toBeNull();
  });

  it('takes a class of its place beside its own', () => {
    render(<AiEditedBadge className="extra" />);
    expect(screen.getByText('AI-edited')).toHaveClass('extra');
  });
});

describe('aiEditedAlt', () => {
  it('puts "AI-edited: " before a prompt, trimmed', () => {
    expect(aiEditedAlt('  add snow falling ')).toBe('AI-edited: add snow falling');
  });

  it('says "AI-edited image" where there is no text', () => {
    expect(aiEditedAlt('')).toBe('AI-edited image');
    expect(aiEditedAlt('   ')).toBe('AI-edited image');
  });
});

describe('ImageFigure with aiEdited', () => {
  it('lays the badge beside the image link, out of the link\'s name', () => {
    render(<ImageFigure {...FIGURE} alt="AI-edited: add snow falling" aiEdited />);
    const image = screen.getByRole('img', { name: 'AI-edited: add snow falling' });
    const badge = aiEditedBadgeOn(image);
    expect(badge).toHaveAccessibleDescription(AI_EDITED_DESCRIPTION);
    expect(image.closest('a')).not.toContainElement(badge);
    expect(screen.getByRole('link', { name: /^AI-edited: add snow falling\W+opens in a new tab\W*$/ })).toHaveAttribute('href', FIGURE.src);
    expect(screen.getByRole('figure')).toContainElement(badge);
  });

  it('draws no badge without it (an original)', () => {
    render(<ImageFigure {...FIGURE} alt="Original photo" />);
    expect(aiEditedBadgeOn(screen.getByRole('img', { name: 'Original photo' }))).toBeNull();
    expect(screen.queryByText('AI-edited')).not.toBeInTheDocument();
  });

  it('has no accessibility faults axe can find (WCAG 2.1 A/AA)', async () => {
    const { container } = render(
      <main>
        <ImageFigure {...FIGURE} src="/api/images/img-1/original" alt="Original photo" caption="Original" />
        <ImageFigure {...FIGURE} alt="AI-edited: add snow falling" aiEdited />
      </main>,
    );
    const result = await axe.run(container, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      // jsdom draws nothing: contrast is checked by the browser tests.
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});
