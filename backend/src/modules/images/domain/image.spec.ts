import { canView, isImageId } from './image';

const owner = { id: 'owner', isAdmin: false };
const stranger = { id: 'stranger', isAdmin: false };
const admin = { id: 'admin', isAdmin: true };
const image = (over: Partial<{ status: 'processing' | 'completed' | 'failed'; isPublic: boolean; isHiddenByAdmin: boolean }> = {}) => ({
  userId: 'owner',
  status: 'completed' as const,
  isPublic: true,
  isHiddenByAdmin: false,
  ...over,
});

describe('canView', () => {
  it('shows a public image to anyone, signed in or not', () => {
    expect(canView(image(), null)).toBe(true);
    expect(canView(image(), stranger)).toBe(true);
  });

  it('shows a private image to its owner and admins only', () => {
    const priv = image({ isPublic: false });
    expect(canView(priv, owner)).toBe(true);
    expect(canView(priv, admin)).toBe(true);
    expect(canView(priv, stranger)).toBe(false);
    expect(canView(priv, null)).toBe(false);
  });

  it('treats an image an admin hid as private', () => {
    const hidden = image({ isHiddenByAdmin: true });
    expect(canView(hidden, null)).toBe(false);
    expect(canView(hidden, owner)).toBe(true);
  });

  it('shows nothing that is not completed, not even to the owner', () => {
    expect(canView(image({ status: 'processing' }), owner)).toBe(false);
    expect(canView(image({ status: 'failed' }), admin)).toBe(false);
  });
});

describe('isImageId', () => {
  it('accepts a uuid and nothing else', () => {
    expect(isImageId('0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11')).toBe(true);
    expect(isImageId('42')).toBe(false);
    expect(isImageId("0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11' OR 1=1")).toBe(false);
    expect(isImageId(undefined)).toBe(false);
  });
});
