/**
 * The client identifier `userIdentifier` (000 §3): who laughed at an image. Kept in
 * localStorage, created on first use as a prefix ("anon_" for visitors, "user_" for signed-in
 * users) + a timestamp + random text. A signed-in My Edits laugh sends the user id instead.
 */
export const USER_IDENTIFIER_KEY = 'userIdentifier';

function randomText(): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(36).padStart(2, '0')).join('').slice(0, 9);
}

export function getUserIdentifier(signedIn = false): string {
  try {
    const stored = localStorage.getItem(USER_IDENTIFIER_KEY);
    if (stored) return stored;
    const created = `${signedIn ? 'user' : 'anon'}_${Date.now()}_${randomText()}`;
    localStorage.setItem(USER_IDENTIFIER_KEY, created);
    return created;
  } catch {
    // Storage blocked: an identifier for this page view only.
    return `anon_${Date.now()}_${randomText()}`;
  }
}
