/**
 * Shared set-up for the YouTube to Article tests: a signed-in user, the article call held or
 * answered, the WordPress site played by the same fetch stub (told apart by its origin), and the
 * clicks that take the page to a given state.
 */
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { json, stubApi, type ApiRoutes } from '../../test/fetch-stub';
import { renderRoute } from '../../test/render-route';
import { findToastTitle } from '../../test/toasts';
import type { ApiAnswer } from '../../shared/api/contract';
import { userBody, type UserAnswer } from '../../test/contract-answers';

export type User = ReturnType<typeof userEvent.setup>;

export const PAGE = '/tools/youtube-to-article';
export const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s';
export const ARTICLE_CALL = 'POST /api/youtube-to-article';
export const WORDPRESS_CALL = 'POST /wp-json/wp/v2/posts';
export const WORDPRESS_SITE = 'https://blog.example.com';

export const PAT = userBody({ id: '7', email: 'pat@example.com', username: 'pat' });

type ArticleAnswer = ApiAnswer<'/api/youtube-to-article', 'post'>;

export const ARTICLE: ArticleAnswer = {
  article: 'How Bread Rises\n\nYeast eats sugar and makes gas.\n\nWhat the baker does\n\nThe baker kneads the dough.',
  title: 'How Bread Rises',
  writer: 'openai',
};

export const LOCAL_ARTICLE: ArticleAnswer = {
  ...ARTICLE,
  article: `${ARTICLE.article}\n\nThis article was written from the video's captions without an AI model.`,
  writer: 'local',
};

export async function openPage(routes: ApiRoutes = {}, account: UserAnswer | null = PAT) {
  const stub = stubApi({
    'GET /api/user': () => (account ? json(account) : json({ message: 'Authentication required' }, { status: 401 })),
    'GET /api/user/credits': () => json({ balance: 3, regular: 3, watermarked: 0 }),
    ...routes,
  });
  const view = renderRoute(PAGE);
  await screen.findByRole('heading', { level: 1, name: 'YouTube to Article' });
  if (account) await screen.findByRole('heading', { level: 2, name: 'Video details' });
  return { ...stub, ...view };
}

export function urlField() {
  return screen.getByRole('textbox', { name: 'YouTube URL' });
}

export function titleField() {
  return screen.getByLabelText('Custom title (optional)');
}

export function keyField() {
  return screen.getByLabelText('OpenAI API key (optional)');
}

export function articleField() {
  return screen.getByRole('textbox', { name: 'Article' });
}

export function calls(requests: Request[], method: string, path: string): Request[] {
  return requests.filter((request) => request.method === method && new URL(request.url).pathname === path);
}

export { findToastTitle as toast } from '../../test/toasts';

/** The toast whose title is `title`, with its description. */
export async function toastWith(title: string, description: string) {
  const heading = await findToastTitle(title);
  const item = heading.closest('[data-sonner-toast]');
  if (!(item instanceof HTMLElement)) throw new Error(`no toast titled ${title}`);
  return within(item).getByText(description, { selector: '[data-description]' });
}

/** Types a link (and a title) and presses Generate Article. */
export async function generate(user: User, link = VIDEO, title = '') {
  await user.type(urlField(), link);
  if (title) await user.type(titleField(), title);
  await user.click(screen.getByRole('button', { name: 'Generate Article' }));
}

/** From an empty page to the result of `answer`. */
export async function goToResult(user: User, answer: ArticleAnswer = ARTICLE, routes: ApiRoutes = {}) {
  const stub = await openPage({ [ARTICLE_CALL]: () => json(answer), ...routes });
  await generate(user);
  await screen.findByRole('heading', { level: 2, name: 'Your article' });
  return stub;
}

/** jsdom has no object URLs and would try to follow a download link: both are recorded instead. */
export function recordDownloads() {
  const blobs: Blob[] = [];
  const saved: { fileName: string; href: string }[] = [];
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:article-${blobs.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ fileName: this.download, href: this.href });
  });
  return {
    blobs,
    saved,
    restore() {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    },
  };
}
