import { ADMIN_EMAIL, DEV_PASSWORD, restartCommand, SeedRefusedError, seedSettings } from './seed-settings';

describe('npm run seed: who it creates and with which passwords', () => {
  it('uses the documented development password when none is set outside production', () => {
    for (const NODE_ENV of [undefined, 'development', 'test']) {
      const settings = seedSettings({ NODE_ENV });
      expect(settings.demo).toMatchObject({ password: DEV_PASSWORD, defaultPassword: true });
      expect(settings.admin).toMatchObject({ password: DEV_PASSWORD, defaultPassword: true });
      expect(settings.forcedInProduction).toBe(false);
    }
  });

  it('takes each password from its variable', () => {
    const settings = seedSettings({ SEED_DEMO_PASSWORD: 'demo-secret-1', SEED_ADMIN_PASSWORD: 'admin-secret-2' });
    expect(settings.demo).toMatchObject({ password: 'demo-secret-1', defaultPassword: false });
    expect(settings.admin).toMatchObject({ password: 'admin-secret-2', defaultPassword: false });
  });

  it('refuses a password shorter than 8 characters', () => {
    expect(() => seedSettings({ SEED_DEMO_PASSWORD: 'short' })).toThrow(/SEED_DEMO_PASSWORD must be at least 8 characters/);
  });

  it('refuses to run with NODE_ENV=production unless forced', () => {
    const env = { NODE_ENV: 'production', SEED_DEMO_PASSWORD: 'demo-secret-1', SEED_ADMIN_PASSWORD: 'admin-secret-2' };
    expect(() => seedSettings(env)).toThrow(SeedRefusedError);
    expect(() => seedSettings({ ...env, SEED_FORCE: 'yes' })).toThrow(/SEED_FORCE=true/);
    expect(seedSettings({ ...env, SEED_FORCE: 'true' }).forcedInProduction).toBe(true);
  });

  it('has no default password in production, even when forced', () => {
    expect(() => seedSettings({ NODE_ENV: 'production', SEED_FORCE: 'true', SEED_ADMIN_PASSWORD: 'admin-secret-2' })).toThrow(
      /SEED_DEMO_PASSWORD is required/,
    );
    expect(() => seedSettings({ NODE_ENV: 'production', SEED_FORCE: 'true', SEED_DEMO_PASSWORD: 'demo-secret-1' })).toThrow(
      /SEED_ADMIN_PASSWORD is required/,
    );
  });

  it('adds the seeded admin to the ADMIN_EMAILS already set, once (D22)', () => {
    expect(seedSettings({}).adminEmails).toBe(ADMIN_EMAIL);
    expect(seedSettings({ ADMIN_EMAILS: ' me@example.com , you@example.com' })).toMatchObject({
      adminEmails: `me@example.com,you@example.com,${ADMIN_EMAIL}`,
      adminAlreadyListed: false,
    });
    expect(seedSettings({ ADMIN_EMAILS: `me@example.com,${ADMIN_EMAIL.toUpperCase()}` })).toMatchObject({
      adminEmails: `me@example.com,${ADMIN_EMAIL.toUpperCase()}`,
      adminAlreadyListed: true,
    });
  });

  it('prints a restart line that repeats the ports this run was given (issue 24)', () => {
    expect(restartCommand({ adminEmails: ADMIN_EMAIL })).toBe(`ADMIN_EMAILS=${ADMIN_EMAIL} npm start`);
    expect(restartCommand({ adminEmails: ADMIN_EMAIL, port: 3100 })).toBe(`ADMIN_EMAILS=${ADMIN_EMAIL} PORT=3100 npm start`);
    expect(restartCommand({ adminEmails: ADMIN_EMAIL, port: 3100, embeddedPgPort: 54400 })).toBe(
      `ADMIN_EMAILS=${ADMIN_EMAIL} PORT=3100 EMBEDDED_PG_PORT=54400 npm start`,
    );
  });
});
