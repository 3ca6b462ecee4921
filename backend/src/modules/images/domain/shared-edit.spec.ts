import { sharedEditFor, sharePicture, visibilityOf, type ShareableImage } from './shared-edit';

const OWNER = { id: '11111111-1111-4111-8111-111111111111', isAdmin: false };
const OTHER = { id: '22222222-2222-4222-8222-222222222222', isAdmin: false };
const ADMIN = { id: '33333333-3333-4333-8333-333333333333', isAdmin: true };

function image(overrides: Partial<ShareableImage> = {}): ShareableImage {
  return {
    id: '0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11',
    userId: OWNER.id,
    status: 'completed',
    isPublic: true,
    isHiddenByAdmin: false,
    prompt: 'add snow falling',
    style: 'realistic',
    timestamp: new Date('2030-06-01T12:00:00Z'),
    laughCount: 3,
    generatedMimeType: 'image/jpeg',
    renditions: { originalRenditions: [], generatedRenditions: [] },
    model: 'local-engine',
    ...overrides,
  };
}

describe('an edit shared at /share/{id} (issue 15)', () => {
  it('is public, private (the D14 switch) or hidden (an admin), hidden winning', () => {
    expect(visibilityOf({ isPublic: true, isHiddenByAdmin: false })).toBe('public');
    expect(visibilityOf({ isPublic: false, isHiddenByAdmin: false })).toBe('private');
    expect(visibilityOf({ isPublic: true, isHiddenByAdmin: true })).toBe('hidden');
    expect(visibilityOf({ isPublic: false, isHiddenByAdmin: true })).toBe('hidden');
  });

  it('shows a public edit to anyone, and tells its owner it is theirs', () => {
    expect(sharedEditFor(image(), null)).toMatchObject({ visibility: 'public', isOwner: false, laughCount: 3, imageUrl: `/api/images/${image().id}` });
    expect(sharedEditFor(image(), OTHER)?.isOwner).toBe(false);
    expect(sharedEditFor(image(), OWNER)?.isOwner).toBe(true);
  });

  it.each([
    ['private', { isPublic: false }],
    ['hidden', { isHiddenByAdmin: true }],
  ])('shows a %s edit to its owner and admins only', (visibility, overrides) => {
    expect(sharedEditFor(image(overrides), null)).toBeNull();
    expect(sharedEditFor(image(overrides), OTHER)).toBeNull();
    expect(sharedEditFor(image(overrides), OWNER)).toMatchObject({ visibility, isOwner: true });
    expect(sharedEditFor(image(overrides), ADMIN)).toMatchObject({ visibility, isOwner: false });
  });

  it('shows nobody an edit that is not completed', () => {
    for (const status of ['processing', 'failed'] as const) {
      expect(sharedEditFor(image({ status }), OWNER)).toBeNull();
      expect(sharedEditFor(image({ status }), ADMIN)).toBeNull();
    }
  });

  it("previews the largest rendition of the generated image, else the generated file", () => {
    const generatedRenditions = [
      { url: '/api/images/x/renditions/generated-1280-aaaaaaaaaaaaaaaa.webp', width: 1280, height: 853 },
      { url: '/api/images/x/renditions/generated-320-bbbbbbbbbbbbbbbb.webp', width: 320, height: 213 },
    ];
    expect(sharePicture(image({ renditions: { originalRenditions: [], generatedRenditions } }))).toEqual({
      path: generatedRenditions[0].url,
      type: 'image/webp',
      width: 1280,
      height: 853,
    });
    expect(sharePicture(image())).toEqual({ path: `/api/images/${image().id}`, type: 'image/jpeg' });
    expect(sharePicture(image({ generatedMimeType: null }))).toBeNull();
  });
});
