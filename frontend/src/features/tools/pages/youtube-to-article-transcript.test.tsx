import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { shownToasts } from '../../../test/toasts';
import { TRANSCRIPT_MAX_CHARS } from '../lib/transcript';
import { ARTICLE, ARTICLE_CALL, VIDEO, calls, generate, openPage, titleField, toastWith, urlField } from '../youtube-article-test-kit';

const TRANSCRIPT = "0:00\n[Music]\n0:04\nHi, I'm Sam and today we bake sourdough bread at home.";
const PASTE = 'Paste a transcript instead';

function transcriptField() {
  return screen.getByRole('textbox', { name: 'Transcript' });
}

function articleCalls(requests: Request[]) {
  return calls(requests, 'POST', '/api/youtube-to-article');
}

/**
 * Issue 24: the user may paste a transcript instead of a link (POST /api/youtube-to-article with
 * `transcript`), with the server's limits counted on the page, and is offered to when the link's
 * captions could not be had.
 */
describe('YouTube to Article with a pasted transcript', () => {
  it('swaps the link for a labelled transcript field with a character count, and sends the transcript instead of a link', async () => {
    const user = userEvent.setup();
    const { requests } = await openPage({ [ARTICLE_CALL]: () => json(ARTICLE) });

    await user.click(screen.getByRole('button', { name: PASTE }));

    const field = transcriptField();
    expect(field).toHaveFocus();
    expect(field).toBeRequired();
    expect(screen.queryByRole('textbox', { name: 'YouTube URL' })).not.toBeInTheDocument();
    expect(field).toHaveAccessibleDescription(expect.stringContaining(`0 / 200,000 characters`));
    await user.paste(TRANSCRIPT);
    expect(field).toHaveAccessibleDescription(expect.stringContaining(`${TRANSCRIPT.length} / 200,000 characters`));
    await user.type(titleField(), 'Bread at home');

    await user.click(screen.getByRole('button', { name: 'Generate Article' }));

    await screen.findByRole('heading', { level: 2, name: 'Your article' });
    expect(await articleCalls(requests)[0]?.json()).toEqual({ transcript: TRANSCRIPT, customTitle: 'Bread at home' });
  });

  it('refuses a transcript that is too short under the field, without a request, and follows the typing after that', async () => {
    const user = userEvent.setup();
    const { requests } = await openPage({ [ARTICLE_CALL]: () => json(ARTICLE) });
    await user.click(screen.getByRole('button', { name: PASTE }));

    await user.type(transcriptField(), 'Too short.');
    await user.click(screen.getByRole('button', { name: 'Generate Article' }));

    await waitFor(() => expect(transcriptField()).toHaveAccessibleDescription(expect.stringContaining('The transcript is too short: paste at least 40 characters.')));
    expect(transcriptField()).toHaveAttribute('aria-invalid', 'true');
    expect(transcriptField()).toHaveFocus();
    expect(articleCalls(requests)).toHaveLength(0);

    await user.type(transcriptField(), ' Now it says enough to write an article from it.');
    expect(transcriptField()).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a transcript over the limit, whose counter says so', async () => {
    const user = userEvent.setup();
    const { requests } = await openPage({ [ARTICLE_CALL]: () => json(ARTICLE) });
    await user.click(screen.getByRole('button', { name: PASTE }));

    fireEvent.change(transcriptField(), { target: { value: 'x'.repeat(TRANSCRIPT_MAX_CHARS + 1) } });
    expect(transcriptField()).toHaveAccessibleDescription(expect.stringContaining('200,001 / 200,000 characters'));
    await user.click(screen.getByRole('button', { name: 'Generate Article' }));

    await waitFor(() => expect(transcriptField()).toHaveAccessibleDescription(expect.stringContaining('The transcript is too long: paste at most 200,000 characters.')));
    expect(articleCalls(requests)).toHaveLength(0);
  });

  it('goes back to the link with "Use a YouTube link instead", the link as it was', async () => {
    const user = userEvent.setup();
    await openPage();
    await user.type(urlField(), VIDEO);
    await user.click(screen.getByRole('button', { name: PASTE }));

    await user.click(screen.getByRole('button', { name: 'Use a YouTube link instead' }));

    expect(urlField()).toHaveFocus();
    expect(urlField()).toHaveValue(VIDEO);
    expect(screen.queryByRole('textbox', { name: 'Transcript' })).not.toBeInTheDocument();
  });

  it.each([
    ['YouTube unreachable', 503, 'TOOLS.YOUTUBE_UNREACHABLE', "We could not reach YouTube to fetch this video's captions. Please try again in a few minutes."],
    ['YouTube refusing', 503, 'TOOLS.YOUTUBE_REFUSED', "YouTube refused to share this video's captions right now. Please try again in a few minutes."],
    ['no captions', 422, 'TOOLS.NO_CAPTIONS', 'This video has no captions to turn into an article.'],
    ['a private video', 404, 'TOOLS.VIDEO_UNAVAILABLE', 'This video is private or unavailable.'],
  ])('when the captions could not be had (%s), says why in the form and offers the paste there', async (_case, status, code, message) => {
    const user = userEvent.setup();
    const { requests } = await openPage({ [ARTICLE_CALL]: () => json({ message, error: message, code }, { status }) });

    await generate(user, VIDEO);

    // 001 §8's toast, as for any failure.
    expect(await toastWith('Error', `Failed to generate article. Please try again. ${message}`)).toBeInTheDocument();
    const notice = await screen.findByRole('group', { name: 'The captions could not be fetched' });
    expect(within(notice).getByText(message)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: PASTE })).toHaveLength(1);

    await user.click(within(notice).getByRole('button', { name: PASTE }));

    expect(transcriptField()).toHaveFocus();
    expect(screen.queryByRole('group', { name: 'The captions could not be fetched' })).not.toBeInTheDocument();
    expect(articleCalls(requests)).toHaveLength(1);
  });

  it('offers no paste in the form for a failure that is not about the captions', async () => {
    const user = userEvent.setup();
    const message = 'Your OpenAI key was refused. Check the key and try again.';
    await openPage({ [ARTICLE_CALL]: () => json({ message, error: message, code: 'TOOLS.OPENAI_KEY_REFUSED' }, { status: 400 }) });

    await generate(user, VIDEO);

    expect(await toastWith('Error', `Failed to generate article. Please try again. ${message}`)).toBeInTheDocument();
    expect(shownToasts()).toHaveLength(1);
    expect(screen.queryByRole('group', { name: 'The captions could not be fetched' })).not.toBeInTheDocument();
    // The usual way to it is still there.
    expect(screen.getByRole('button', { name: PASTE })).toBeInTheDocument();
  });
});
