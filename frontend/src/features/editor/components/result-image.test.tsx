import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { toGenerationResult } from '../api/editor.api';
import { RESULT_IMAGE_SIZES } from './result-image';
import { ResultsStep } from './results-step';

const VERSION = '0123456789abcdef';

function rendition(file: 'original' | 'generated', width: number) {
  return { url: `/api/images/img-1/renditions/${file}-${width}-${VERSION}.webp`, width, height: (width * 3) / 4 };
}

function showResult(answer: Record<string, unknown>) {
  const noop = vi.fn();
  render(
    <MemoryRouter>
      <ResultsStep
        result={toGenerationResult({ id: 'img-1', imageUrl: '/api/images/img-1', ...answer })}
        prompt="add snow falling"
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
  return {
    original: screen.getByRole('img', { name: 'Your original photo' }),
    result: screen.getByRole('img', { name: 'add snow falling' }),
  };
}

describe('the result pair (D31 renditions)', () => {
  it('draws the original and the result from their renditions, each linking to the full image', () => {
    const { original, result } = showResult({
      originalRenditions: [rendition('original', 320), rendition('original', 640), rendition('original', 1280)],
      generatedRenditions: [rendition('generated', 320), rendition('generated', 640), rendition('generated', 1000)],
    });

    expect(original).toHaveAttribute(
      'srcset',
      `${rendition('original', 320).url} 320w, ${rendition('original', 640).url} 640w, ${rendition('original', 1280).url} 1280w`,
    );
    expect(result).toHaveAttribute(
      'srcset',
      `${rendition('generated', 320).url} 320w, ${rendition('generated', 640).url} 640w, ${rendition('generated', 1000).url} 1000w`,
    );
    expect(original).toHaveAttribute('width', '1280');
    expect(original).toHaveAttribute('height', '960');
    expect(result).toHaveAttribute('width', '1000');
    expect(result).toHaveAttribute('height', '750');
    for (const image of [original, result]) {
      expect(image).toHaveAttribute('sizes', RESULT_IMAGE_SIZES);
      expect(image.getAttribute('src')).toContain('-640-');
    }
    expect(original.closest('a')).toHaveAttribute('href', '/api/images/img-1/original');
    expect(result.closest('a')).toHaveAttribute('href', '/api/images/img-1');
    expect(result.closest('a')).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: /Download/ })).toHaveAttribute('href', '/api/images/img-1/download');
  });

  it('draws the full images while there are no renditions', () => {
    const { original, result } = showResult({});
    expect(original).toHaveAttribute('src', '/api/images/img-1/original');
    expect(result).toHaveAttribute('src', '/api/images/img-1');
    for (const image of [original, result]) {
      expect(image).not.toHaveAttribute('srcset');
      expect(image).toHaveAttribute('width', '800');
      expect(image).toHaveAttribute('height', '600');
    }
  });

  it('keeps the image hidden until it loads, and offers the full image when a rendition fails', () => {
    const { original, result } = showResult({
      originalRenditions: [rendition('original', 320)],
      generatedRenditions: [rendition('generated', 320)],
    });
    expect(result).toHaveAttribute('data-state', 'loading');
    fireEvent.load(result);
    expect(result).toHaveAttribute('data-state', 'loaded');

    fireEvent.error(original);
    expect(screen.queryByRole('img', { name: 'Your original photo' })).not.toBeInTheDocument();
    expect(screen.getByText(/This image could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open it in a new tab' })).toHaveAttribute('href', '/api/images/img-1/original');
  });
});
