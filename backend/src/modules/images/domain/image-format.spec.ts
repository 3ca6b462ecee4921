import { downloadFilename, isStoredMimeType } from './image-format';

describe('downloadFilename (D0)', () => {
  it('names the file after the product and the image, with the stored format as extension', () => {
    const id = '0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11';
    expect(downloadFilename(id, 'image/jpeg')).toBe(`magic-editor-${id}.jpg`);
    expect(downloadFilename(id, 'image/png')).toBe(`magic-editor-${id}.png`);
    expect(downloadFilename(id, 'image/webp')).toBe(`magic-editor-${id}.webp`);
  });
});

describe('isStoredMimeType', () => {
  it('accepts the three stored formats and nothing else', () => {
    expect(isStoredMimeType('image/jpeg')).toBe(true);
    expect(isStoredMimeType('image/png')).toBe(true);
    expect(isStoredMimeType('image/webp')).toBe(true);
    expect(isStoredMimeType('image/gif')).toBe(false);
    expect(isStoredMimeType(null)).toBe(false);
    expect(isStoredMimeType(undefined)).toBe(false);
  });
});
