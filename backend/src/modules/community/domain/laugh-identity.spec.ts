import { checkLaugher } from './laugh';

describe('checkLaugher (001 §3: a My Edits laugh uses the user id)', () => {
  const me = '0b6c7f64-4b36-4f2c-9a1e-1f5e0f2a9c11';

  it('lets a browser identifier through for anyone, without their own images', () => {
    expect(checkLaugher('user_1700000000000_ab12', me)).toEqual({ userIdentifier: 'user_1700000000000_ab12', asUser: null });
    expect(checkLaugher('anon_1700000000000_ab12', null)).toEqual({ userIdentifier: 'anon_1700000000000_ab12', asUser: null });
  });

  it('accepts a user id only from that signed-in user, who then may laugh at their own images', () => {
    expect(checkLaugher(me, me)).toEqual({ userIdentifier: me, asUser: me });
    expect(() => checkLaugher(me, null)).toThrow('Sign in as this user');
    expect(() => checkLaugher(me, '11111111-1111-4111-8111-111111111111')).toThrow('Sign in as this user');
  });
});
