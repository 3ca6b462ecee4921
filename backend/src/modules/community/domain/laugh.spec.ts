import { InvalidUserIdentifierError } from './community-errors';
import { checkUserIdentifier, isImageId, laughStateAfter } from './laugh';

describe('laugh rules (D15)', () => {
  it('accepts an identifier of 1 to 128 letters, digits, "_" or "-"', () => {
    for (const ok of ['a', 'browser-1', 'A_b-9', 'x'.repeat(128)]) expect(checkUserIdentifier(ok)).toBe(ok);
  });

  it('refuses any other identifier with a 400 VALIDATION.FAILED', () => {
    for (const bad of ['', 'a b', 'a;b', 'x'.repeat(129), 'é', 42, undefined, null, {}]) {
      expect(() => checkUserIdentifier(bad)).toThrow(InvalidUserIdentifierError);
    }
    const error = new InvalidUserIdentifierError();
    expect(error).toMatchObject({ kind: 'invalid', code: 'VALIDATION.FAILED' });
    expect(error.message).toBe('userIdentifier must be 1 to 128 characters of letters, digits, "_" or "-"');
  });

  it('image ids are UUIDs, in either case', () => {
    expect(isImageId('00000000-0000-4000-8000-000000000000')).toBe(true);
    expect(isImageId('ABCDEF00-0000-4000-8000-00000000000A')).toBe(true);
    expect(isImageId('not-a-uuid')).toBe(false);
    expect(isImageId('00000000-0000-4000-8000-000000000000 ')).toBe(false);
  });

  it('after an add the browser has laughed, after a remove it has not', () => {
    expect(laughStateAfter('add', 3)).toEqual({ laughCount: 3, hasLaughed: true });
    expect(laughStateAfter('remove', 0)).toEqual({ laughCount: 0, hasLaughed: false });
  });
});
