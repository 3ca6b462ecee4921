import { describe, expect, it } from 'vitest';
import { fallbackFileName } from './download-image';

describe('download file names', () => {
  it('builds magic-editor-{id}.{ext} from the content type otherwise', () => {
    expect(fallbackFileName('img-1', 'image/png')).toBe('magic-editor-img-1.png');
    expect(fallbackFileName('img-1', 'image/webp; charset=binary')).toBe('magic-editor-img-1.webp');
    expect(fallbackFileName('img-1', '')).toBe('magic-editor-img-1.jpg');
  });
});
