import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AI_EDITED_DESCRIPTION } from '../../../shared/ui/ai-edited-badge';
import { aiEditedBadgeOn } from '../../../test/ai-edited';
import { toGenerationResult } from '../api/editor.api';
import { RESULT_IMAGE_SIZES, ResultImage } from './result-image';
import { ResultsStep } from './results-step';

const VERSION = '0123456789abcdef';

function rendition(file: 'original' | 'generated', width: number) {
  return { url: `/api/images/img-1/renditions/${file}-${width}-${VERSION}.webp`, width, height: (width * 3) / 4 };
}

function showImage(renditions: ReturnType<typeof rendition>[], sizes?: string, aiEdited?: boolean) {
  render(
    <ResultImage src="/api/images/img-1" renditions={renditions} alt="add snow falling" caption="Result" sizes={sizes} aiEdited={aiEdited} />,
  );
  return screen.getByRole('img', { name: 'add snow falling' });
}

function showResult(answer: Record<string, unknown> | null, original: { src: string; renditions: [] } | null = null) {
  const noop = vi.fn();
  render(
    <MemoryRouter>
      <ResultsStep
        result={answer ? toGenerationResult({ id: 'img-1', imageUrl: '/api/images/img-1', ...answer }) : null}
        prompt="add snow falling"
        original={original}
        isSaved={false}
        saveBusy={false}
        onSave={noop}
        onUnsave={noop}
        onShare={noop}
        onRegenerate={noop}
        onReset={noop}
      />
    </MemoryRouter>,
  );
}

describe('a result image (D31 renditions)', () => {
  it('is drawn from its renditions, and links to the full image', () => {
    const image = showImage([rendition('generated', 320), rendition('generated', 640), rendition('generated', 1000)]);

    expect(image).toHaveAttribute(
      'srcset',
      `${rendition('generated', 320).url} 320w, ${rendition('generated', 640).url} 640w, ${rendition('generated', 1000).url} 1000w`,
    );
    expect(image).toHaveAttribute('width', '1000');
    expect(image).toHaveAttribute('height', '750');
    expect(image).toHaveAttribute('sizes', RESULT_IMAGE_SIZES);
    expect(image.getAttribute('src')).toContain('-640-');
    expect(image.closest('a')).toHaveAttribute('href', '/api/images/img-1');
    expect(image.closest('a')).toHaveAttribute('target', '_blank');
  });

  it('takes the sizes of where it is drawn', () => {
    const sizes = '(min-width: 640px) 300px, 50vw';
    expect(showImage([rendition('generated', 320)], sizes)).toHaveAttribute('sizes', sizes);
  });

  it('is the full image while there are no renditions', () => {
    const image = showImage([]);
    expect(image).toHaveAttribute('src', '/api/images/img-1');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).toHaveAttribute('width', '800');
    expect(image).toHaveAttribute('height', '600');
  });

  it('stays hidden until it loads, and offers the full image when a rendition fails', () => {
    const image = showImage([rendition('generated', 320)]);
    expect(image).toHaveAttribute('data-state', 'loading');
    fireEvent.load(image);
    expect(image).toHaveAttribute('data-state', 'loaded');

    fireEvent.error(image);
    expect(screen.queryByRole('img', { name: 'add snow falling' })).not.toBeInTheDocument();
    expect(screen.getByText(/This image could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open it in a new tab' })).toHaveAttribute('href', '/api/images/img-1');
  });

  it('carries the "AI-edited" badge beside its link when it is generated (D42), none when it is not', () => {
    const image = showImage([rendition('generated', 320)], undefined, true);
    const badge = aiEditedBadgeOn(image);
    expect(badge).toHaveTextContent('AI-edited');
    expect(badge).toHaveAccessibleDescription(AI_EDITED_DESCRIPTION);
    expect(image.closest('a')).not.toContainElement(badge);
    // A picture that cannot be shown is not labelled: its note says what happened.
    fireEvent.error(image);
    expect(screen.queryByText('AI-edited')).not.toBeInTheDocument();
  });

  it('carries no badge by default (the Original)', () => {
    expect(aiEditedBadgeOn(showImage([rendition('original', 320)]))).toBeNull();
    expect(screen.queryByText('AI-edited')).not.toBeInTheDocument();
  });
});

describe('the result step (issue 26: compared over one image)', () => {
  it('compares the full result with the full original it was made from, on a slider, with the Download link', () => {
    showResult({ originalRenditions: [rendition('original', 320)], generatedRenditions: [rendition('generated', 320)] });

    // Zoomed up to 4x, the comparison needs the full files, not the renditions.
    const original = screen.getByRole('img', { name: 'Your original photo' });
    const result = screen.getByRole('img', { name: 'AI-edited: add snow falling' });
    expect(original).toHaveAttribute('src', '/api/images/img-1/original');
    expect(result).toHaveAttribute('src', '/api/images/img-1');
    expect(screen.getByRole('slider', { name: 'Compare before and after' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('link', { name: /Download/ })).toHaveAttribute('href', '/api/images/img-1/download');
    // D42: the result is labelled, on its side of the slider; the original is not.
    expect(aiEditedBadgeOn(result)).toHaveAccessibleDescription(AI_EDITED_DESCRIPTION);
    expect(aiEditedBadgeOn(original)).toBeNull();
    expect(screen.getAllByText('AI-edited')).toHaveLength(1);
  });

  it('shows the result alone, from its renditions, when there is nothing to compare it with', () => {
    // An answer without an id has no original address either.
    showResult({ id: null, generatedRenditions: [rendition('generated', 320)] }, null);
    expect(screen.queryByRole('slider')).not.toBeInTheDocument();
    const result = screen.getByRole('img', { name: 'AI-edited: add snow falling' });
    expect(result).toHaveAttribute('srcset', `${rendition('generated', 320).url} 320w`);
    expect(aiEditedBadgeOn(result)).toHaveAccessibleDescription(AI_EDITED_DESCRIPTION);
  });

  it('labels the Original on its own neither in its alt text nor with the badge (D42)', () => {
    showResult(null, { src: '/api/images/img-1/original', renditions: [] });
    const original = screen.getByRole('img', { name: 'Your original photo' });
    expect(aiEditedBadgeOn(original)).toBeNull();
    expect(screen.queryByText('AI-edited')).not.toBeInTheDocument();
  });
});
