import { everyImagePrefix, fileKey, masterKey, imagePrefix, keyInScope, objectScopeOf, otherImagePrefixes, renditionKey, scopeOfKey } from './object-keys';

const ID = '0b6f3a52-6f4e-4a4b-9b1e-5d2c7e1a9f00';

describe('object keys', () => {
  it('puts every object of an image under the prefix of its scope', () => {
    expect(fileKey(ID, 'private', 'original', 'image/jpeg')).toBe(`private/images/${ID}/original.jpg`);
    expect(fileKey(ID, 'public', 'generated', 'image/png')).toBe(`public/images/${ID}/generated.png`);
    expect(renditionKey(ID, 'public', 'generated', 640, 'abcdef0123456789')).toBe(`public/images/${ID}/renditions/generated-640-abcdef0123456789.webp`);
    for (const scope of ['public', 'private'] as const) {
      for (const key of [fileKey(ID, scope, 'generated', 'image/webp'), renditionKey(ID, scope, 'original', 320, '0'.repeat(16))]) {
        expect(key.startsWith(imagePrefix(ID, scope))).toBe(true);
        expect(scopeOfKey(key)).toBe(scope);
      }
    }
  });

  it('puts only a completed, public, unhidden image in the public scope', () => {
    const image = { status: 'completed' as const, isPublic: true, isHiddenByAdmin: false };
    expect(objectScopeOf(image)).toBe('public');
    expect(objectScopeOf({ ...image, isPublic: false })).toBe('private');
    expect(objectScopeOf({ ...image, isHiddenByAdmin: true })).toBe('private');
    expect(objectScopeOf({ ...image, status: 'processing' })).toBe('private');
    expect(objectScopeOf({ ...image, status: 'failed' })).toBe('private');
  });

  it('counts a legacy key as in no scope, and moves any key to the other scope', () => {
    const legacy = `images/${ID}/renditions/original-320-${'0'.repeat(16)}.webp`;
    expect(scopeOfKey(legacy)).toBeNull();
    expect(keyInScope(legacy, 'private')).toBe(`private/${legacy}`);
    expect(keyInScope(`public/images/${ID}/generated.png`, 'private')).toBe(`private/images/${ID}/generated.png`);
    expect(keyInScope(`private/images/${ID}/generated.png`, 'public')).toBe(`public/images/${ID}/generated.png`);
    expect(keyInScope(`public/images/${ID}/generated.png`, 'public')).toBe(`public/images/${ID}/generated.png`);
  });

  it('names every prefix an image may have, and those other than its scope', () => {
    expect(everyImagePrefix(ID)).toEqual([`public/images/${ID}/`, `private/images/${ID}/`, `images/${ID}/`, `private/masters/${ID}/`]);
    expect(masterKey(ID, 'image/png')).toBe(`private/masters/${ID}/master.png`);
    expect(otherImagePrefixes(ID, 'private')).toEqual([`public/images/${ID}/`, `images/${ID}/`]);
  });
});
