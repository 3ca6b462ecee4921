/**
 * A link into the editor with a prompt already written (the landing page's example prompts).
 * The prompt travels in the address (`/dashboard?prompt=…`), so it survives sign-up and a reload,
 * and works from any page without importing the editor feature (ARCHITECTURE rule 9).
 */
export const EDITOR_PROMPT_PARAM = 'prompt';

/** The longest prompt (the server's limit, generation's MAX_PROMPT_LENGTH): the editor's field and a carried-in prompt. */
export const PROMPT_MAX_LENGTH = 1000;

export function editorPathWithPrompt(prompt: string): string {
  const params = new URLSearchParams({ [EDITOR_PROMPT_PARAM]: prompt.trim() });
  return `/dashboard?${params.toString()}`;
}

/**
 * The prompt the editor starts with, from its address's query string: trimmed, control characters
 * dropped, at most 1000 characters; '' when there is none. The editor's filter and the server
 * still check it like any typed prompt (000 §5, D13).
 */
export function initialPromptFrom(search: string): string {
  const raw = new URLSearchParams(search).get(EDITOR_PROMPT_PARAM) ?? '';
  const clean = raw.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return Array.from(clean).slice(0, PROMPT_MAX_LENGTH).join('');
}

/** Only paths on this site ("/…", not "//host"): where the app may send someone after sign-up. */
export function isAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/**
 * Issue 26 (D38): a version of an edit chain in the editor (`/dashboard?image={id}`): the editor
 * loads its history and opens it on the result step. My Edits links here; the editor keeps the
 * address on the version on screen, so a reload reopens it.
 */
export const EDITOR_IMAGE_PARAM = 'image';

export function editorPathWithImage(id: string): string {
  const params = new URLSearchParams({ [EDITOR_IMAGE_PARAM]: id });
  return `/dashboard?${params.toString()}`;
}

/** The image id the editor's address names (`?image=…`), or null. */
export function imageIdFrom(search: string): string | null {
  const id = new URLSearchParams(search).get(EDITOR_IMAGE_PARAM)?.trim() ?? '';
  return id === '' ? null : id;
}
