/**
 * What this page keeps only in this browser (D33): the user's OpenAI key and their WordPress
 * details. Nothing of it is stored on our servers. Storage can be unavailable (private modes,
 * blocked cookies); then the values simply are not remembered.
 */

/** 001 §3: the OpenAI key sent with each article request. */
export const OPENAI_KEY_STORAGE_KEY = 'openai_api_key';
export const WORDPRESS_SITE_STORAGE_KEY = 'wordpress_site_url';
export const WORDPRESS_USERNAME_STORAGE_KEY = 'wordpress_username';
export const WORDPRESS_PASSWORD_STORAGE_KEY = 'wordpress_app_password';

export function readStored(key: string): string {
  try {
    return globalThis.localStorage?.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/** Saves `value` under `key`; an empty value removes the key. */
export function writeStored(key: string, value: string): void {
  try {
    if (value === '') globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Not remembered: the value still works for this visit.
  }
}
