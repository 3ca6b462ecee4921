import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('gives every zero-config default when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.env).toBe('development');
    expect(config.database.url).toBeUndefined();
    expect(config.database.embedded.dir).toMatch(/\.data[\\/]postgres$/);
    expect(config.publicUrl.href).toBe('http://localhost:3000/');
    expect(config.session.secure).toBe(false);
    expect(config.trustProxy).toBe(false);
  });

  it('names the malformed variable and its value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT: expected a port number \(got "eighty"\)/);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });

  it('never echoes a database URL, which may hold a password', () => {
    try {
      loadConfig({ DATABASE_URL: 'mysql://user:hunter2@db/x' });
      throw new Error('expected a ConfigError');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as Error).message).toContain('DATABASE_URL: expected a postgres:// or postgresql:// URL');
      expect((e as Error).message).not.toContain('hunter2');
    }
  });

  it('requires a session secret and a database in production, naming both', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('SESSION_SECRET: is required when NODE_ENV=production');
    expect(message).toContain('DATABASE_URL: is required when NODE_ENV=production');
  });

  it('marks the session cookie Secure when the public URL is https', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://magic.example.com', SESSION_SECRET: 'x'.repeat(32) });
    expect(config.session.secure).toBe(true);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });
});
