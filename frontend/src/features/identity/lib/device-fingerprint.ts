/**
 * The registration's `deviceFingerprint` (001 §3): the SHA-256 hex digest of a browser
 * fingerprint identifier. The identifier is FingerprintJS's open-source `visitorId` (MIT,
 * computed in the browser, nothing sent anywhere); when FingerprintJS fails, a fallback built
 * from browser, screen, language and timezone (001 §8). The server keeps only this hash (D19).
 */

/** How long FingerprintJS may take before the fallback identifier is used instead. */
const FINGERPRINT_TIMEOUT_MS = 3000;

async function visitorId(): Promise<string> {
  // Loaded on demand: only registration needs it.
  const { default: FingerprintJS } = await import('@fingerprintjs/fingerprintjs');
  const agent = await FingerprintJS.load({ monitoring: false });
  const result = await agent.get();
  if (!result.visitorId) throw new Error('FingerprintJS gave no visitorId');
  return result.visitorId;
}

/** 001 §8: browser (user agent), screen (width x height x colour depth), language and timezone. */
export function fallbackIdentifier(): string {
  const { userAgent, language } = globalThis.navigator;
  const screen = globalThis.screen;
  const screenText = screen ? `${screen.width}x${screen.height}x${screen.colorDepth}` : 'unknown-screen';
  let timezone = 'unknown-timezone';
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone || timezone;
  } catch {
    // Keep the placeholder.
  }
  return ['fallback', userAgent, screenText, language, timezone].join('|');
}

/** Lower-case hex SHA-256 of a text (Web Crypto; only available in secure contexts). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('FingerprintJS timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Computes the fingerprint hash. Undefined only when the browser has no Web Crypto (an insecure
 * http origin): the field is optional and the server then relies on its other limits.
 */
export async function computeDeviceFingerprint(): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  let identifier: string;
  try {
    identifier = await withTimeout(visitorId(), FINGERPRINT_TIMEOUT_MS);
  } catch (error) {
    console.warn('Device fingerprinting failed; using the fallback identifier.', error);
    identifier = fallbackIdentifier();
  }
  try {
    return await sha256Hex(identifier);
  } catch {
    return undefined;
  }
}

let pending: Promise<string | undefined> | null = null;

/** The fingerprint hash, computed once per page load (started early by the sign-up forms). */
export function getDeviceFingerprint(): Promise<string | undefined> {
  pending ??= computeDeviceFingerprint();
  return pending;
}
