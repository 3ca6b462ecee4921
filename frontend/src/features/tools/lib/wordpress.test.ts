import { describe, expect, it, vi } from 'vitest';
import {
  basicAuthorization,
  createWordPressDraft,
  normaliseSiteUrl,
  WORDPRESS_BLOCKED_MESSAGE,
  WORDPRESS_FAILED_MESSAGE,
  WORDPRESS_NO_REST_API_MESSAGE,
  WORDPRESS_REFUSED_MESSAGE,
  WordPressError,
  type DraftRequest,
} from './wordpress';

const REQUEST: DraftRequest = {
  site: 'https://blog.example.com',
  username: 'ann',
  applicationPassword: 'abcd efgh ijkl mnop',
  post: { title: 'How Bread Rises', content: '<p>Yeast.</p>' },
};

/** A stand-in for the WordPress site: answers every fetch with `answer` and records the requests. */
function stubSite(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    return answer(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests };
}

function wpJson(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=UTF-8' } });
}

async function failure(request: DraftRequest = REQUEST): Promise<WordPressError> {
  const error: unknown = await createWordPressDraft(request).then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(WordPressError);
  return error as WordPressError;
}

describe('the WordPress site address', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['  https://example.com/  ', 'https://example.com'],
    ['http://example.com', 'http://example.com'],
    ['https://Example.com/blog//', 'https://example.com/blog'],
    ['example.com/blog/?p=1#top', 'https://example.com/blog'],
    ['https://example.com:8443', 'https://example.com:8443'],
    ['localhost:8080', 'https://localhost:8080'],
  ])('reads %j as %j', (input, site) => {
    expect(normaliseSiteUrl(input)).toBe(site);
  });

  it.each(['', '   ', 'not a site', 'ftp://example.com', 'https://', 'example', 'https://user:pw@example.com', 'exa mple.com'])(
    'rejects %j',
    (input) => {
      expect(normaliseSiteUrl(input)).toBeNull();
    },
  );
});

describe('creating a draft (D33)', () => {
  it('posts the draft with Basic auth and answers its id and edit link', async () => {
    const { requests } = stubSite(() => wpJson({ id: 42, link: 'https://blog.example.com/?p=42', status: 'draft' }, 201));

    const draft = await createWordPressDraft(REQUEST);

    expect(draft).toEqual({
      id: 42,
      editUrl: 'https://blog.example.com/wp-admin/post.php?post=42&action=edit',
      link: 'https://blog.example.com/?p=42',
    });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('https://blog.example.com/wp-json/wp/v2/posts');
    expect(request?.headers.get('authorization')).toBe(`Basic ${btoa('ann:abcd efgh ijkl mnop')}`);
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(request?.credentials).toBe('omit');
    expect(await request?.json()).toEqual({ title: 'How Bread Rises', content: '<p>Yeast.</p>', status: 'draft' });
  });

  it('encodes a user name or password beyond Latin-1', () => {
    const header = basicAuthorization('zoë', 'pässwörd');
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(header.slice('Basic '.length)), (c) => c.charCodeAt(0)));
    expect(decoded).toBe('zoë:pässwörd');
  });

  it.each([401, 403])('says WordPress refused the details on %i', async (status) => {
    stubSite(() => wpJson({ code: 'rest_cannot_create', message: 'Sorry, you are not allowed to create posts as this user.' }, status));

    const error = await failure();

    expect(error.kind).toBe('refused');
    expect(error.message).toBe(WORDPRESS_REFUSED_MESSAGE);
  });

  it.each([
    ['a 404', () => new Response('<html>Not found</html>', { status: 404, headers: { 'Content-Type': 'text/html' } })],
    ['a 404 in JSON', () => wpJson({ code: 'rest_no_route' }, 404)],
    ['an HTML page', () => new Response('<!doctype html><title>My blog</title>', { status: 200, headers: { 'Content-Type': 'text/html' } })],
    ['JSON that is not a post', () => wpJson({ hello: 'world' }, 200)],
    ['a server error page', () => new Response('Bad gateway', { status: 502 })],
  ])('says the site has no REST API on %s', async (_case, answer) => {
    stubSite(answer);

    const error = await failure();

    expect(error.kind).toBe('no-rest-api');
    expect(error.message).toBe(WORDPRESS_NO_REST_API_MESSAGE);
  });

  it('says the request was blocked when fetch fails (CORS or unreachable)', async () => {
    stubSite(() => {
      throw new TypeError('Failed to fetch');
    });

    const error = await failure();

    expect(error.kind).toBe('blocked');
    expect(error.message).toBe(WORDPRESS_BLOCKED_MESSAGE);
  });

  it("passes on WordPress's own message for other failures", async () => {
    stubSite(() => wpJson({ code: 'rest_invalid_param', message: 'Invalid parameter(s): status' }, 400));

    const error = await failure();

    expect(error.kind).toBe('failed');
    expect(error.message).toBe('WordPress could not create the draft: Invalid parameter(s): status');
  });

  it('falls back to a general message when a failure has none', async () => {
    stubSite(() => wpJson({ code: 'oops' }, 500));

    expect((await failure()).message).toBe(WORDPRESS_FAILED_MESSAGE);
  });
});
