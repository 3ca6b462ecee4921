import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AI_EDITED_DESCRIPTION } from '../../../shared/ui/ai-edited-badge';
import { aiEditedBadgeOn } from '../../../test/ai-edited';
import { toCommunityEntry, type CommunityEntry } from '../lib/community-entry';
import { LEADERBOARD_IMAGE_SIZES } from '../pages/leaderboard-page';
import { entry, entryWithRenditions } from './community-test-kit';
import { EditPair } from './edit-pair';
import { LIVE_EDIT_IMAGE_SIZES } from './live-community-card';
import { RECENT_EDIT_IMAGE_SIZES } from './recent-community-edits';

const SIZES = '(min-width: 1152px) 156px, 50vw';

function read(sent: unknown): CommunityEntry {
  const parsed = toCommunityEntry(sent);
  if (!parsed) throw new Error('not an entry');
  return parsed;
}

function images() {
  return {
    original: screen.getByRole('img', { name: /^Original photo/ }),
    edited: screen.getByRole('img', { name: /^AI-edited: prompt number/ }),
  };
}

describe('EditPair images (D31 renditions)', () => {
  it('draws both images from their renditions through srcset and sizes, links to the full images', () => {
    const shown = read(entryWithRenditions(1));
    render(<EditPair entry={shown} sizes={SIZES} />);
    const { original, edited } = images();
    const id = shown.id;

    expect(original).toHaveAttribute(
      'srcset',
      [320, 640, 1000].map((w) => `/api/images/${id}/renditions/original-${w}-0123456789abcdef.webp ${w}w`).join(', '),
    );
    expect(edited).toHaveAttribute(
      'srcset',
      [320, 640, 1000].map((w) => `/api/images/${id}/renditions/generated-${w}-0123456789abcdef.webp ${w}w`).join(', '),
    );
    for (const image of [original, edited]) {
      expect(image).toHaveAttribute('sizes', SIZES);
      // The intrinsic size of the largest rendition (the frame keeps its 4:3 shape through CSS).
      expect(image).toHaveAttribute('width', '1000');
      expect(image).toHaveAttribute('height', '667');
      // Never the full image as the plain src.
      expect(image.getAttribute('src')).toMatch(/\/renditions\/(original|generated)-640-/);
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('decoding', 'async');
    }
    expect(original.closest('a')).toHaveAttribute('href', `/api/images/${id}/original`);
    expect(edited.closest('a')).toHaveAttribute('href', `/api/images/${id}`);
    expect(edited.closest('a')).toHaveAttribute('target', '_blank');
  });

  it('falls back to the full image, without srcset, while an edit has no renditions', () => {
    const shown = read(entry(2));
    render(<EditPair entry={shown} sizes={SIZES} eager />);
    const { original, edited } = images();

    expect(original).toHaveAttribute('src', `/api/images/${shown.id}/original`);
    expect(edited).toHaveAttribute('src', `/api/images/${shown.id}`);
    for (const image of [original, edited]) {
      expect(image).not.toHaveAttribute('srcset');
      expect(image).not.toHaveAttribute('sizes');
      expect(image).toHaveAttribute('width', '480');
      expect(image).toHaveAttribute('height', '480');
      expect(image).toHaveAttribute('loading', 'eager');
      expect(image).toHaveAttribute('decoding', 'async');
    }
  });

  it('uses renditions for one image even when the other has none', () => {
    const shown = read({ ...entryWithRenditions(3), originalRenditions: [] });
    render(<EditPair entry={shown} sizes={SIZES} />);
    const { original, edited } = images();
    expect(original).toHaveAttribute('src', `/api/images/${shown.id}/original`);
    expect(edited).toHaveAttribute('srcset');
  });

  it('still shows the note when a rendition cannot be loaded, with the link to the full image', () => {
    const shown = read(entryWithRenditions(4));
    render(<EditPair entry={shown} sizes={SIZES} />);
    fireEvent.error(images().edited);
    expect(screen.queryByRole('img', { name: 'AI-edited: prompt number 4' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^AI-edited: prompt number 4/ })).toHaveAttribute('href', `/api/images/${shown.id}`);
  });
});

describe('EditPair labels (D42)', () => {
  it('labels the generated image "AI-edited", in its alt text and with the badge over it, and not the original', () => {
    const shown = read(entry(5));
    render(<EditPair entry={shown} sizes={SIZES} />);
    const { original, edited } = images();

    expect(edited).toHaveAttribute('alt', 'AI-edited: prompt number 5');
    expect(original).toHaveAttribute('alt', 'Original photo for \u201cprompt number 5\u201d');
    const badge = aiEditedBadgeOn(edited);
    expect(badge).toHaveTextContent('AI-edited');
    expect(badge).toHaveAccessibleDescription(AI_EDITED_DESCRIPTION);
    // Beside the link, not in it: the link is named by the image alone.
    expect(edited.closest('a')).not.toContainElement(badge);
    expect(screen.getByRole('link', { name: /^AI-edited: prompt number 5\W+opens in a new tab\W*$/ })).toHaveAttribute('href', `/api/images/${shown.id}`);
    expect(aiEditedBadgeOn(original)).toBeNull();
    expect(screen.getAllByText('AI-edited')).toHaveLength(1);
  });

  it('says "AI-edited image" when the edit has no prompt', () => {
    render(<EditPair entry={read({ ...entry(6), prompt: '  ' })} sizes={SIZES} />);
    expect(screen.getByRole('img', { name: 'AI-edited image' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Original photo' })).toBeInTheDocument();
  });

  it('says "AI-edited" in the note that takes the place of a picture that cannot be loaded', () => {
    const shown = read(entry(7));
    render(<EditPair entry={shown} sizes={SIZES} />);
    const link = images().edited.closest('a')!;
    fireEvent.error(images().edited);
    expect(link).toHaveTextContent('AI-edited: prompt number 7');
    expect(link).toHaveAttribute('href', `/api/images/${shown.id}`);
    // The note says it; no badge lies over the note.
    expect(screen.queryByText('AI-edited')).not.toBeInTheDocument();
  });
});

/** The slot width a `sizes` value gives at a viewport width (only the forms used here). */
function slotWidth(sizes: string, viewport: number): number {
  for (const candidate of sizes.split(/,\s*(?![^()]*\))/)) {
    const match = /^(?:\(min-width: (\d+)px\)\s+)?(.+)$/.exec(candidate.trim());
    if (!match) throw new Error(`unreadable sizes entry ${candidate}`);
    const [, min, value] = match;
    if (min && viewport < Number(min)) continue;
    const expression = value!.replace(/^calc/, '').replace(/100vw/g, String(viewport)).replace(/px/g, '');
    if (!/^[\d\s+\-*/().]+$/.test(expression)) throw new Error(`unreadable size ${value}`);
    return Number(new Function(`return (${expression});`)());
  }
  throw new Error('no size applies');
}

/** The rendition a browser picks: the smallest one at least as wide as the slot times the DPR. */
function picked(sizes: string, viewport: number, dpr: number, widths = [320, 640, 1280]): number {
  const needed = slotWidth(sizes, viewport) * dpr;
  return widths.find((width) => width >= needed) ?? widths[widths.length - 1]!;
}

describe('the sizes of each place that shows an EditPair', () => {
  it('lets a desktop browser at DPR 1 pick the 320px rendition in the list cards', () => {
    for (const sizes of [RECENT_EDIT_IMAGE_SIZES, LEADERBOARD_IMAGE_SIZES]) {
      for (const viewport of [1024, 1280, 1440, 1920, 2560]) {
        expect(slotWidth(sizes, viewport)).toBeLessThanOrEqual(160);
        expect(picked(sizes, viewport, 1)).toBe(320);
        expect(picked(sizes, viewport, 2)).toBe(320);
      }
      // A phone (one card per row, 375px wide at DPR 3).
      expect(slotWidth(sizes, 375)).toBeCloseTo(148.5);
      expect(picked(sizes, 375, 3)).toBe(640);
    }
  });

  it('gives the landing card a rendition as wide as its frame (313px: the photo is shown whole, never wider)', () => {
    for (const viewport of [1024, 1280, 1920]) {
      expect(slotWidth(LIVE_EDIT_IMAGE_SIZES, viewport)).toBe(313);
      expect(picked(LIVE_EDIT_IMAGE_SIZES, viewport, 1)).toBe(320);
      expect(picked(LIVE_EDIT_IMAGE_SIZES, viewport, 2)).toBe(640);
    }
    // Stacked on a phone: one 293px frame per row.
    expect(slotWidth(LIVE_EDIT_IMAGE_SIZES, 375)).toBe(293);
  });
});
