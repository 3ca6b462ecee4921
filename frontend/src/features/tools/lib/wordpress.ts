/**
 * "Publish to WordPress" (D33): a draft post is created straight from the browser through the
 * site's REST API (`POST {site}/wp-json/wp/v2/posts`) with the user's name and an application
 * password (Basic auth). Our server never sees these details.
 */
import { z } from 'zod/mini';
import type { ArticlePost } from './article-post';

export const SITE_REQUIRED_MESSAGE = 'Please enter your WordPress site address';
export const SITE_INVALID_MESSAGE = 'Please enter a valid site address, like https://example.com';
export const USERNAME_REQUIRED_MESSAGE = 'Please enter your WordPress user name';
export const PASSWORD_REQUIRED_MESSAGE = 'Please enter an application password';

export const WORDPRESS_REFUSED_MESSAGE = 'WordPress refused the user name or application password.';
export const WORDPRESS_NO_REST_API_MESSAGE = 'This site does not have the WordPress REST API at /wp-json.';
export const WORDPRESS_BLOCKED_MESSAGE =
  'The request was blocked. The site must allow cross-origin requests from this app (CORS), or it is unreachable.';
export const WORDPRESS_FAILED_MESSAGE = 'WordPress could not create the draft. Please try again.';

export type WordPressFailureKind = 'refused' | 'no-rest-api' | 'blocked' | 'failed';

/** A failure to create the draft, with the sentence to show. */
export class WordPressError extends Error {
  readonly kind: WordPressFailureKind;

  constructor(kind: WordPressFailureKind, message: string) {
    super(message);
    this.name = 'WordPressError';
    this.kind = kind;
  }
}

export interface WordPressDraft {
  id: number;
  /** Where the user edits the draft: `{site}/wp-admin/post.php?post={id}&action=edit`. */
  editUrl: string;
  /** The post's own address as WordPress reports it (a preview link for a draft), if any. */
  link: string | null;
}

/**
 * The site's base address: "https://" added when there is no scheme, trailing slashes, query
 * and fragment dropped; a site in a sub-folder keeps it ("https://example.com/blog").
 * Null when it is not a web address.
 */
export function normaliseSiteUrl(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return null;
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  const host = url.hostname;
  if (host === '' || (!host.includes('.') && host !== 'localhost' && !host.startsWith('['))) return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function postsEndpoint(site: string): string {
  return `${site}/wp-json/wp/v2/posts`;
}

export function editDraftUrl(site: string, id: number): string {
  return `${site}/wp-admin/post.php?post=${id}&action=edit`;
}

/** `Basic base64(user:password)`, UTF-8 safe (btoa alone only takes Latin-1). */
export function basicAuthorization(username: string, password: string): string {
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

const createdPostSchema = z.object({
  id: z.number(),
  link: z.catch(z.nullable(z.string().check(z.minLength(1))), null),
});

const errorBodySchema = z.object({ message: z.string().check(z.minLength(1)) });

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export interface DraftRequest {
  /** A normalised site address (normaliseSiteUrl). */
  site: string;
  username: string;
  applicationPassword: string;
  post: ArticlePost;
}

/** Creates the draft; rejects with a WordPressError whose message says what went wrong. */
export async function createWordPressDraft({ site, username, applicationPassword, post }: DraftRequest): Promise<WordPressDraft> {
  let response: Response;
  try {
    response = await fetch(postsEndpoint(site), {
      method: 'POST',
      // Basic auth, not cookies: no credentials, so the site needs no Allow-Credentials for us.
      credentials: 'omit',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: basicAuthorization(username.trim(), applicationPassword.trim()),
      },
      body: JSON.stringify({ title: post.title, content: post.content, status: 'draft' }),
    });
  } catch (error) {
    // fetch rejects with a TypeError when CORS blocks the answer or the site cannot be reached.
    if (error instanceof TypeError) throw new WordPressError('blocked', WORDPRESS_BLOCKED_MESSAGE);
    throw new WordPressError('failed', WORDPRESS_FAILED_MESSAGE);
  }

  if (response.status === 401 || response.status === 403) throw new WordPressError('refused', WORDPRESS_REFUSED_MESSAGE);
  if (response.status === 404) throw new WordPressError('no-rest-api', WORDPRESS_NO_REST_API_MESSAGE);

  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new WordPressError('blocked', WORDPRESS_BLOCKED_MESSAGE);
  }
  const body = parseJson(text);
  // An HTML page (a theme's "not found", a login wall) or anything else that is not JSON.
  if (!body.ok) throw new WordPressError('no-rest-api', WORDPRESS_NO_REST_API_MESSAGE);

  if (!response.ok) {
    const failure = z.safeParse(errorBodySchema, body.value);
    throw new WordPressError(
      'failed',
      failure.success ? `WordPress could not create the draft: ${failure.data.message}` : WORDPRESS_FAILED_MESSAGE,
    );
  }

  const created = z.safeParse(createdPostSchema, body.value);
  // JSON, but not a post: whatever answered at /wp-json is not the WordPress REST API.
  if (!created.success) throw new WordPressError('no-rest-api', WORDPRESS_NO_REST_API_MESSAGE);
  return { id: created.data.id, editUrl: editDraftUrl(site, created.data.id), link: created.data.link };
}
