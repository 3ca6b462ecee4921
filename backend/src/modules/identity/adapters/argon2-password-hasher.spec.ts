import { Argon2PasswordHasher } from './argon2-password-hasher';

describe('Argon2PasswordHasher (D18)', () => {
  const hasher = new Argon2PasswordHasher();

  it('hashes with argon2id, salted, and verifies only the right password', async () => {
    const a = await hasher.hash('correct horse');
    const b = await hasher.hash('correct horse');
    expect(a).toMatch(/^\$argon2id\$/);
    expect(a).not.toBe(b);
    expect(await hasher.verify(a, 'correct horse')).toBe(true);
    expect(await hasher.verify(a, 'Correct horse')).toBe(false);
  });

  it('matches nothing against a value that is not an argon2 hash', async () => {
    expect(await hasher.verify('plain', 'plain')).toBe(false);
    expect(await hasher.verifyNothing('anything')).toBe(false);
  });
});
