import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldAnswer, json } from '../../../test/fetch-stub';
import { shownToasts, TOAST_TITLE } from '../../../test/toasts';
import { LOCAL_WRITER_NOTICE } from '../components/article-result';
import { OPENAI_KEY_STORAGE_KEY } from '../lib/browser-storage';
import { INVALID_URL_MESSAGE } from '../lib/youtube-url';
import {
  ARTICLE,
  ARTICLE_CALL,
  LOCAL_ARTICLE,
  VIDEO,
  articleField,
  calls,
  generate,
  goToResult,
  keyField,
  openPage,
  recordDownloads,
  titleField,
  toast,
  toastWith,
  urlField,
} from '../youtube-article-test-kit';
import { userBody } from '../../../test/contract-answers';
import { expectFocus } from '../../../test/focus';

afterEach(() => {
  vi.useRealTimers();
});

function articleCalls(requests: Request[]) {
  return calls(requests, 'POST', '/api/youtube-to-article');
}

describe('/tools/youtube-to-article for a visitor', () => {
  it('asks a signed-out visitor to sign in, with a link to /auth', async () => {
    await openPage({}, null);

    expect(await screen.findByRole('heading', { level: 2, name: 'Sign in to use YouTube to Article' })).toBeInTheDocument();
    expect(screen.getByRole('main').querySelector('a[href="/auth"]')).toHaveTextContent('Sign In');
    expect(screen.queryByRole('textbox', { name: 'YouTube URL' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
  });
});

describe('input → processing → result (001 §2, §4, §8)', () => {
  it('shows the progress with the elapsed time, then the article to edit, and says so', async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    const { requests } = await openPage({ [ARTICLE_CALL]: answer.handler });
    expect(urlField()).toHaveAttribute('type', 'url');
    expect(urlField()).toBeRequired();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');

    await generate(user, VIDEO, 'Bread for beginners');

    // Processing.
    const progressHeading = await screen.findByRole('heading', { level: 2, name: 'Writing your article' });
    expect(progressHeading).toHaveFocus();
    const status = screen.getByText(/^Fetching captions and writing your article…/);
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveTextContent('Fetching captions and writing your article… 0 s');
    expect(screen.getByRole('progressbar', { name: 'Writing your article' })).not.toHaveAttribute('aria-valuenow');
    expect(screen.queryByRole('button', { name: 'Generate Article' })).not.toBeInTheDocument();

    answer.release(json(ARTICLE));

    // Result.
    await expectFocus(await screen.findByRole('heading', { level: 2, name: 'Your article' }));
    expect(await toast('Article generated successfully!')).toBeInTheDocument();
    expect(articleField()).toHaveValue(ARTICLE.article);
    for (const name of ['Copy', 'Download', 'Generate Another', 'Publish to WordPress']) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }
    expect(screen.queryByText(LOCAL_WRITER_NOTICE)).not.toBeInTheDocument();

    // What was sent: the link as typed, the title, and no key (none saved).
    const [call] = articleCalls(requests);
    expect(await call?.json()).toEqual({ youtubeUrl: VIDEO, customTitle: 'Bread for beginners' });
    expect(call?.credentials).toBe('include');
  });

  it('counts the elapsed seconds while it works', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });
    const user = userEvent.setup();
    const answer = heldAnswer();
    await openPage({ [ARTICLE_CALL]: answer.handler });

    await generate(user);
    await screen.findByRole('heading', { level: 2, name: 'Writing your article' });
    act(() => {
      vi.advanceTimersByTime(12_000);
    });

    expect(screen.getByRole('timer')).toHaveTextContent('12 s');
    expect(screen.getByText(/^Fetching captions/)).toHaveTextContent('Fetching captions and writing your article… 12 s');
    answer.release(json(ARTICLE));
    await screen.findByRole('heading', { level: 2, name: 'Your article' });
  });

  it.each([
    ['a refused OpenAI key', 400, 'Your OpenAI key was refused. Check the key and try again.'],
    ['no OpenAI credit', 402, 'Your OpenAI account has no credit left.'],
    ['a private video', 404, 'This video is private or unavailable.'],
    ['no captions', 422, 'This video has no captions to turn into an article.'],
    ['the hourly limit', 429, 'You can generate 10 articles an hour. Please try again in 12 minutes.'],
    ['YouTube refusing', 503, "YouTube refused to share this video's captions right now. Please try again in a few minutes."],
  ])("goes back to input with the fields kept, and adds the server's reason after the spec's text on %s", async (_case, status, message) => {
    const user = userEvent.setup();
    await openPage({ [ARTICLE_CALL]: () => json({ message, error: 'Error', code: 'TOOLS.X' }, { status }) });

    await generate(user, VIDEO, 'Kept title');

    // 001 §8: exactly 'Error' / 'Failed to generate article. Please try again.', the reason only after it.
    expect(await toastWith('Error', `Failed to generate article. Please try again. ${message}`)).toBeInTheDocument();
    expect(shownToasts()).toEqual([{ title: 'Error', description: `Failed to generate article. Please try again. ${message}` }]);
    await expectFocus(await screen.findByRole('heading', { level: 2, name: 'Video details' }));
    expect(urlField()).toHaveValue(VIDEO);
    expect(titleField()).toHaveValue('Kept title');
    expect(screen.queryByRole('textbox', { name: 'Article' })).not.toBeInTheDocument();
  });

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['an answer without a message', () => new Response('', { status: 502 })],
    ['an unreadable success', () => json({ nothing: true })],
  ])('says "Failed to generate article. Please try again." on %s', async (_case, handler) => {
    const user = userEvent.setup();
    await openPage({ [ARTICLE_CALL]: handler });

    await generate(user);

    expect(await toastWith('Error', 'Failed to generate article. Please try again.')).toBeInTheDocument();
    expect(shownToasts()).toEqual([{ title: 'Error', description: 'Failed to generate article. Please try again.' }]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Video details' })).toBeInTheDocument();
    expect(urlField()).toHaveValue(VIDEO);
  });

  it('turns to the sign-in card when the session has ended (401)', async () => {
    const user = userEvent.setup();
    let signedIn = true;
    await openPage({
      'GET /api/user': () =>
        signedIn ? json(userBody({ id: '7', email: 'pat@example.com' })) : json({ message: 'Authentication required' }, { status: 401 }),
      [ARTICLE_CALL]: () => {
        signedIn = false;
        return json({ message: 'Authentication required', code: 'AUTH.REQUIRED' }, { status: 401 });
      },
    });

    await generate(user);

    expect(await screen.findByRole('heading', { level: 2, name: 'Sign in to use YouTube to Article' })).toBeInTheDocument();
  });

  it('Cancel goes back to input with the fields kept, and a late answer is ignored', async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    const { requests } = await openPage({ [ARTICLE_CALL]: answer.handler });
    await generate(user, VIDEO, 'Kept title');
    await screen.findByRole('heading', { level: 2, name: 'Writing your article' });

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(articleCalls(requests)[0]?.signal.aborted).toBe(true);

    await expectFocus(await screen.findByRole('heading', { level: 2, name: 'Video details' }));
    expect(urlField()).toHaveValue(VIDEO);
    expect(titleField()).toHaveValue('Kept title');
    answer.release(json(ARTICLE));
    // The aborted call's answer never reaches the page (it would have shown the result).
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Your article' })).not.toBeInTheDocument());
    expect(screen.queryByText('Article generated successfully!')).not.toBeInTheDocument();
  });

  it('Generate Another returns to an empty form, and the saved key stays', async () => {
    const user = userEvent.setup();
    localStorage.setItem(OPENAI_KEY_STORAGE_KEY, 'sk-saved');
    await goToResult(user);

    await user.click(screen.getByRole('button', { name: 'Generate Another' }));

    await expectFocus(await screen.findByRole('heading', { level: 2, name: 'Video details' }));
    expect(urlField()).toHaveValue('');
    expect(titleField()).toHaveValue('');
    expect(keyField()).toHaveValue('sk-saved');
    expect(localStorage.getItem(OPENAI_KEY_STORAGE_KEY)).toBe('sk-saved');
  });
});

describe('validation (001 §5, §8)', () => {
  it('an empty or blank URL: the toast, the message under the field, and no request', async () => {
    const user = userEvent.setup();
    const { requests } = await openPage({ [ARTICLE_CALL]: () => json(ARTICLE) });

    await user.type(urlField(), '   ');
    await user.click(screen.getByRole('button', { name: 'Generate Article' }));

    expect(await toastWith('Error', 'Please enter a YouTube URL')).toBeInTheDocument();
    expect(urlField()).toHaveAccessibleDescription(expect.stringContaining('Please enter a YouTube URL'));
    expect(urlField()).toHaveAttribute('aria-invalid', 'true');
    expect(urlField()).toHaveFocus();
    expect(articleCalls(requests)).toHaveLength(0);
  });

  it('a link that is not a YouTube video: a clear message under the field, no request, gone once fixed', async () => {
    const user = userEvent.setup();
    const { requests } = await openPage({ [ARTICLE_CALL]: () => json(ARTICLE) });

    await generate(user, 'https://vimeo.com/123456');

    expect(urlField()).toHaveAccessibleDescription(expect.stringContaining(INVALID_URL_MESSAGE));
    expect(urlField()).toHaveFocus();
    expect(articleCalls(requests)).toHaveLength(0);
    expect(screen.queryByText('Error', { selector: TOAST_TITLE })).not.toBeInTheDocument();

    await user.clear(urlField());
    await user.type(urlField(), 'youtu.be/dQw4w9WgXcQ');

    expect(urlField()).not.toHaveAccessibleDescription(expect.stringContaining(INVALID_URL_MESSAGE));
    expect(urlField()).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Generate Article' }));
    await screen.findByRole('heading', { level: 2, name: 'Your article' });
    expect(await articleCalls(requests)[0]?.json()).toEqual({ youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' });
  });
});

describe('the OpenAI key (001 §3, D33)', () => {
  it('reads the saved key and sends it as openaiKey', async () => {
    const user = userEvent.setup();
    localStorage.setItem(OPENAI_KEY_STORAGE_KEY, 'sk-saved');
    const { requests } = await openPage({ [ARTICLE_CALL]: () => json(ARTICLE) });
    expect(keyField()).toHaveValue('sk-saved');
    expect(keyField()).toHaveAttribute('type', 'password');
    expect(keyField()).toHaveAccessibleDescription(
      'Saved only in this browser and sent with each request; never stored on our servers. Leave empty to use the built-in writer.',
    );

    await generate(user);

    await screen.findByRole('heading', { level: 2, name: 'Your article' });
    expect(await articleCalls(requests)[0]?.json()).toEqual({ youtubeUrl: VIDEO, openaiKey: 'sk-saved' });
  });

  it('saves a typed key in this browser, and Forget key removes it', async () => {
    const user = userEvent.setup();
    await openPage();
    expect(screen.getByRole('button', { name: 'Forget key' })).toBeDisabled();

    await user.type(keyField(), 'sk-new-key');

    expect(localStorage.getItem(OPENAI_KEY_STORAGE_KEY)).toBe('sk-new-key');
    await user.click(screen.getByRole('button', { name: 'Forget key' }));
    expect(localStorage.getItem(OPENAI_KEY_STORAGE_KEY)).toBeNull();
    expect(keyField()).toHaveValue('');
    expect(await toast('Key forgotten')).toBeInTheDocument();
  });
});

describe('the result (001 §2, §8; D33)', () => {
  it('says the built-in writer wrote it when writer is local', async () => {
    const user = userEvent.setup();
    await goToResult(user, LOCAL_ARTICLE);

    const notice = screen.getByRole('note');
    expect(notice).toHaveTextContent(LOCAL_WRITER_NOTICE);
    expect(notice).toHaveTextContent(/without an AI model/);
    expect(notice).toHaveTextContent(/OpenAI API key for a polished article/);
  });

  it('Copy puts the edited article on the clipboard and says so', async () => {
    const user = userEvent.setup();
    await goToResult(user);
    await user.clear(articleField());
    await user.type(articleField(), 'My own edited words');

    await user.click(screen.getByRole('button', { name: 'Copy' }));

    expect(await toastWith('Copied', 'Article copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('My own edited words');
  });

  it('Download saves the edited article as youtube-article.txt', async () => {
    const user = userEvent.setup();
    const downloads = recordDownloads();
    try {
      await goToResult(user);
      await user.type(articleField(), '\n\nAn extra line I wrote.');

      await user.click(screen.getByRole('button', { name: 'Download' }));

      expect(downloads.saved).toEqual([{ fileName: 'youtube-article.txt', href: 'blob:article-1' }]);
      const [blob] = downloads.blobs;
      expect(blob?.type).toBe('text/plain;charset=utf-8');
      expect(await blob?.text()).toBe(`${ARTICLE.article}\n\nAn extra line I wrote.`);
      expect(document.querySelector('a[download]')).toBeNull(); // the temporary link is gone
    } finally {
      downloads.restore();
    }
  });

  it('keeps the article in a labelled text area the user can edit', async () => {
    const user = userEvent.setup();
    await goToResult(user);

    const field = articleField();
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).not.toHaveAttribute('readonly');
    expect(within(screen.getByRole('region', { name: 'Your article' })).getByRole('button', { name: 'Publish to WordPress' })).toBeEnabled();
  });
});
