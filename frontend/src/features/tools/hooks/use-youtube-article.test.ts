import { describe, expect, it } from 'vitest';
import { EMPTY_URL_MESSAGE, INVALID_URL_MESSAGE } from '../lib/youtube-url';
import {
  articleRequest,
  initialYoutubeArticleState,
  youtubeArticleReducer,
  type YoutubeArticleAction,
  type YoutubeArticleState,
} from './use-youtube-article';

const LINK = 'https://youtu.be/dQw4w9WgXcQ';
const RESULT = { article: 'Title\n\nBody.', title: 'Title', writer: 'local' } as const;

function play(...actions: YoutubeArticleAction[]): YoutubeArticleState {
  return actions.reduce(youtubeArticleReducer, initialYoutubeArticleState);
}

const typed: YoutubeArticleAction[] = [
  { type: 'fieldChanged', field: 'youtubeUrl', value: LINK },
  { type: 'fieldChanged', field: 'customTitle', value: 'My title' },
];

describe('YouTube to Article states (001 §4)', () => {
  it('starts in input with empty fields', () => {
    expect(initialYoutubeArticleState).toMatchObject({ phase: 'input', fields: { youtubeUrl: '', customTitle: '' }, urlError: null });
  });

  it('goes input → processing → result, keeping the article to edit', () => {
    const processing = play(...typed, { type: 'started' });
    expect(processing.phase).toBe('processing');

    const result = youtubeArticleReducer(processing, { type: 'succeeded', result: RESULT });
    expect(result).toMatchObject({ phase: 'result', article: RESULT.article, title: 'Title', writer: 'local' });

    const edited = youtubeArticleReducer(result, { type: 'articleEdited', article: 'My own words' });
    expect(edited.article).toBe('My own words');
  });

  it('goes back to input on failure with the fields kept', () => {
    const state = play(...typed, { type: 'started' }, { type: 'failed' });
    expect(state).toMatchObject({ phase: 'input', fields: { youtubeUrl: LINK, customTitle: 'My title' } });
  });

  it('goes back to input on cancel with the fields kept, and ignores a late answer', () => {
    const cancelled = play(...typed, { type: 'started' }, { type: 'cancelled' });
    expect(cancelled).toMatchObject({ phase: 'input', fields: { youtubeUrl: LINK } });
    expect(youtubeArticleReducer(cancelled, { type: 'succeeded', result: RESULT })).toBe(cancelled);
  });

  it('Generate Another returns to input and clears every field', () => {
    const state = play(...typed, { type: 'started' }, { type: 'succeeded', result: RESULT }, { type: 'generateAnother' });
    expect(state).toEqual(initialYoutubeArticleState);
  });

  it('does not start twice, nor take field changes while processing', () => {
    const processing = play(...typed, { type: 'started' });
    expect(youtubeArticleReducer(processing, { type: 'started' })).toBe(processing);
    expect(youtubeArticleReducer(processing, { type: 'fieldChanged', field: 'youtubeUrl', value: 'x' })).toBe(processing);
  });

  it('shows a rejected link under the field, then re-checks it on every change', () => {
    const rejected = play({ type: 'fieldChanged', field: 'youtubeUrl', value: 'nope' }, { type: 'urlRejected', message: INVALID_URL_MESSAGE });
    expect(rejected.urlError).toBe(INVALID_URL_MESSAGE);

    const emptied = youtubeArticleReducer(rejected, { type: 'fieldChanged', field: 'youtubeUrl', value: ' ' });
    expect(emptied.urlError).toBe(EMPTY_URL_MESSAGE);

    const fixed = youtubeArticleReducer(emptied, { type: 'fieldChanged', field: 'youtubeUrl', value: LINK });
    expect(fixed.urlError).toBeNull();

    // No message before the first Generate.
    expect(play({ type: 'fieldChanged', field: 'youtubeUrl', value: 'nope' }).urlError).toBeNull();
  });
});

describe('the request body (001 §3)', () => {
  it('sends the title and key only when given, trimmed', () => {
    expect(articleRequest(LINK, { youtubeUrl: LINK, customTitle: '  ' }, '')).toEqual({ youtubeUrl: LINK });
    expect(articleRequest(LINK, { youtubeUrl: LINK, customTitle: ' Bread ' }, ' sk-test ')).toEqual({
      youtubeUrl: LINK,
      customTitle: 'Bread',
      openaiKey: 'sk-test',
    });
  });
});
