import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { PAT, goToPrompt, promptField, stubObjectUrls } from '../pages/editor-test-kit';

function openEditorAt(path: string) {
  stubObjectUrls();
  stubApi({
    'GET /api/user': () => json(PAT),
    'GET /api/user/credits': () => json({ balance: 3, regular: 3, watermarked: 0 }),
    'GET /api/community/recent': () => json([]),
  });
  return renderRoute(path);
}

// The landing page's example prompts open /dashboard?prompt=… (issue 15).
describe('a prompt carried into the editor', () => {
  it('is written in the prompt box when the prompt step is reached', async () => {
    const user = userEvent.setup();
    openEditorAt(`/dashboard?prompt=${encodeURIComponent('add the caption "Best day ever"')}`);
    await screen.findByRole('heading', { level: 2, name: 'Upload Photo' });

    await goToPrompt(user);

    expect(promptField()).toHaveValue('add the caption "Best day ever"');
  });

  it('leaves the prompt box empty without one', async () => {
    const user = userEvent.setup();
    openEditorAt('/dashboard');
    await screen.findByRole('heading', { level: 2, name: 'Upload Photo' });

    await goToPrompt(user);

    expect(promptField()).toHaveValue('');
  });
});
