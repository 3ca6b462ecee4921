import { beforeEach, describe, expect, it, vi } from 'vitest';

const fingerprintJs = vi.hoisted(() => ({ load: vi.fn() }));
vi.mock('@fingerprintjs/fingerprintjs', () => ({ default: fingerprintJs }));

const { computeDeviceFingerprint, fallbackIdentifier, sha256Hex } = await import('./device-fingerprint');

// Independent of the code under test: Web Crypto's digest, spelled out as hex here.
async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

beforeEach(() => {
  fingerprintJs.load.mockReset();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('device fingerprint (001 §3, §8)', () => {
  it('hashes as SHA-256 in lower-case hex (FIPS 180-2 test vector)', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('is the SHA-256 hex of the FingerprintJS visitorId', async () => {
    fingerprintJs.load.mockResolvedValue({ get: () => Promise.resolve({ visitorId: 'visitor-123' }) });

    const hash = await computeDeviceFingerprint();

    expect(hash).toBe(await sha256('visitor-123'));
    expect(fingerprintJs.load).toHaveBeenCalledWith({ monitoring: false });
  });

  it('falls back to browser, screen, language and timezone when FingerprintJS fails: still 64 hex characters', async () => {
    fingerprintJs.load.mockRejectedValue(new Error('blocked by an extension'));

    const hash = await computeDeviceFingerprint();

    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(await sha256(fallbackIdentifier()));
    expect(hash).not.toBe(await sha256('visitor-123'));
  });

  it('builds the fallback from user agent, screen size and colour depth, language and timezone', () => {
    const identifier = fallbackIdentifier();

    expect(identifier).toContain(navigator.userAgent);
    expect(identifier).toContain(`${screen.width}x${screen.height}x${screen.colorDepth}`);
    expect(identifier).toContain(navigator.language);
    expect(identifier).toContain(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('differs between browsers that differ', async () => {
    fingerprintJs.load.mockRejectedValue(new Error('unavailable'));
    const first = await computeDeviceFingerprint();
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('pt-BR');

    const second = await computeDeviceFingerprint();

    expect(second).toMatch(/^[0-9a-f]{64}$/);
    expect(second).not.toBe(first);
  });
});
