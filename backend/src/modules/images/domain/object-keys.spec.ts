import { fileKey, imagePrefix, renditionKey } from './object-keys';

const ID = '0b6f3a52-6f4e-4a4b-9b1e-5d2c7e1a9f00';

describe('object keys', () => {
  it('puts every object of an image under its prefix', () => {
    expect(fileKey(ID, 'original', 'image/jpeg')).toBe(`images/${ID}/original.jpg`);
    expect(fileKey(ID, 'generated', 'image/png')).toBe(`images/${ID}/generated.png`);
    expect(renditionKey(ID, 'generated', 640, 'abcdef0123456789')).toBe(`images/${ID}/renditions/generated-640-abcdef0123456789.webp`);
    for (const key of [fileKey(ID, 'generated', 'image/webp'), renditionKey(ID, 'original', 320, '0'.repeat(16))]) {
      expect(key.startsWith(imagePrefix(ID))).toBe(true);
    }
  });
});
