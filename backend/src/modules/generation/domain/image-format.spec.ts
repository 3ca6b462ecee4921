import { exceedsPixelLimit, sniffStoredType, sniffUploadType } from './image-format';

const bytes = (...b: number[]) => Uint8Array.from(b);

describe('sniffUploadType (D12: by content, not by name)', () => {
  it('recognises JPEG by FF D8 FF', () => {
    expect(sniffUploadType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
  });

  it('recognises PNG by its 8-byte signature', () => {
    expect(sniffUploadType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d))).toBe('image/png');
  });

  it.each([
    ['GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1')],
    ['text named .jpg', Buffer.from('just some text, not an image')],
    ['WebP', Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1')],
    ['a PNG signature cut short', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a)],
    ['a JPEG start missing its third byte', bytes(0xff, 0xd8)],
    ['a PNG signature with one byte wrong', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b)],
    ['nothing', bytes()],
  ])('refuses %s', (_name, data) => {
    expect(sniffUploadType(data)).toBeNull();
  });
});

describe('sniffStoredType (what a model may answer)', () => {
  it('adds WebP to JPEG and PNG', () => {
    expect(sniffStoredType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'))).toBe('image/webp');
    expect(sniffStoredType(bytes(0xff, 0xd8, 0xff))).toBe('image/jpeg');
    expect(sniffStoredType(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
  });
});

describe('exceedsPixelLimit (D12)', () => {
  it('allows exactly the limit and refuses one pixel more', () => {
    expect(exceedsPixelLimit(8000, 5000, 40)).toBe(false);
    expect(exceedsPixelLimit(8001, 5000, 40)).toBe(true);
    expect(exceedsPixelLimit(30000, 30000, 40)).toBe(true);
  });
});
