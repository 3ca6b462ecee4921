import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { heldAnswer, json, type RouteHandler } from '../../../test/fetch-stub';
import {
  WORDPRESS_PASSWORD_STORAGE_KEY,
  WORDPRESS_SITE_STORAGE_KEY,
  WORDPRESS_USERNAME_STORAGE_KEY,
} from '../lib/browser-storage';
import {
  SITE_INVALID_MESSAGE,
  WORDPRESS_BLOCKED_MESSAGE,
  WORDPRESS_NO_REST_API_MESSAGE,
  WORDPRESS_REFUSED_MESSAGE,
} from '../lib/wordpress';
import { WORDPRESS_CALL, WORDPRESS_SITE, articleField, calls, goToResult, type User } from '../youtube-article-test-kit';
import { WORDPRESS_DETAILS_NOTE } from './publish-to-wordpress-dialog';
import { expectFocus } from '../../../test/focus';

/** The WordPress site's answer; the same fetch stub plays it, so the origin is checked here. */
function wordpress(answer: RouteHandler): RouteHandler {
  return (request) => {
    if (new URL(request.url).origin !== WORDPRESS_SITE) return json({ message: 'wrong site' }, { status: 500 });
    return answer(request);
  };
}

async function openDialog(user: User, answer: RouteHandler) {
  const stub = await goToResult(user, undefined, { [WORDPRESS_CALL]: wordpress(answer) });
  await user.click(screen.getByRole('button', { name: 'Publish to WordPress' }));
  const dialog = await screen.findByRole('dialog', { name: 'Publish to WordPress' });
  return { ...stub, dialog };
}

async function fillDetails(user: User, dialog: HTMLElement, site = 'blog.example.com/') {
  await user.type(within(dialog).getByRole('textbox', { name: 'Site URL' }), site);
  await user.type(within(dialog).getByRole('textbox', { name: 'User name' }), 'ann');
  await user.type(within(dialog).getByLabelText('Application password'), 'abcd efgh ijkl mnop');
}

function wordpressCalls(requests: Request[]) {
  return calls(requests, 'POST', '/wp-json/wp/v2/posts');
}

describe('Publish to WordPress (D33)', () => {
  it('creates a draft of the edited article and links to it; the details stay in this browser', async () => {
    const user = userEvent.setup();
    const answer = heldAnswer();
    const { requests, dialog } = await openDialog(user, answer.handler);
    expect(within(dialog).getByText(WORDPRESS_DETAILS_NOTE)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close Publish to WordPress' }));
    await user.clear(articleField());
    await user.type(articleField(), 'Bread at Home\n\nKnead it <gently> & wait.');
    await user.click(screen.getByRole('button', { name: 'Publish to WordPress' }));
    const reopened = await screen.findByRole('dialog', { name: 'Publish to WordPress' });
    await fillDetails(user, reopened);

    await user.click(within(reopened).getByRole('button', { name: 'Create Draft' }));

    // Busy: the button says so and a second press sends nothing more.
    const busy = within(reopened).getByRole('button', { name: 'Creating Draft...' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    answer.release(json({ id: 42, link: `${WORDPRESS_SITE}/?p=42`, status: 'draft' }, { status: 201 }));

    await expectFocus(await within(reopened).findByRole('heading', { name: 'Draft created' }));
    const link = within(reopened).getByRole('link', { name: 'Edit the draft in WordPress' });
    expect(link).toHaveAttribute('href', `${WORDPRESS_SITE}/wp-admin/post.php?post=42&action=edit`);
    expect(link).toHaveAttribute('target', '_blank');

    const sent = wordpressCalls(requests);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe(`${WORDPRESS_SITE}/wp-json/wp/v2/posts`);
    expect(sent[0]?.headers.get('authorization')).toBe(`Basic ${btoa('ann:abcd efgh ijkl mnop')}`);
    expect(await sent[0]?.json()).toEqual({
      title: 'Bread at Home',
      content: '<p>Knead it &lt;gently&gt; &amp; wait.</p>',
      status: 'draft',
    });
    // Nothing of it went to our server.
    expect(requests.filter((request) => new URL(request.url).origin !== WORDPRESS_SITE).some((r) => r.headers.has('authorization'))).toBe(false);
    expect(localStorage.getItem(WORDPRESS_SITE_STORAGE_KEY)).toBe('blog.example.com/');
    expect(localStorage.getItem(WORDPRESS_USERNAME_STORAGE_KEY)).toBe('ann');
    expect(localStorage.getItem(WORDPRESS_PASSWORD_STORAGE_KEY)).toBe('abcd efgh ijkl mnop');

    await user.click(within(reopened).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('fills in the saved details, and Forget these details removes them', async () => {
    const user = userEvent.setup();
    localStorage.setItem(WORDPRESS_SITE_STORAGE_KEY, 'https://blog.example.com');
    localStorage.setItem(WORDPRESS_USERNAME_STORAGE_KEY, 'ann');
    localStorage.setItem(WORDPRESS_PASSWORD_STORAGE_KEY, 'secret pass');
    const { dialog } = await openDialog(user, () => json({ id: 1 }, { status: 201 }));
    expect(within(dialog).getByRole('textbox', { name: 'Site URL' })).toHaveValue('https://blog.example.com');
    expect(within(dialog).getByRole('textbox', { name: 'User name' })).toHaveValue('ann');
    expect(within(dialog).getByLabelText('Application password')).toHaveValue('secret pass');

    await user.click(within(dialog).getByRole('button', { name: 'Forget these details' }));

    expect(within(dialog).getByRole('textbox', { name: 'Site URL' })).toHaveValue('');
    expect(within(dialog).getByLabelText('Application password')).toHaveValue('');
    for (const key of [WORDPRESS_SITE_STORAGE_KEY, WORDPRESS_USERNAME_STORAGE_KEY, WORDPRESS_PASSWORD_STORAGE_KEY]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it('says what is missing or not a site address, and sends nothing', async () => {
    const user = userEvent.setup();
    const { requests, dialog } = await openDialog(user, () => json({ id: 1 }, { status: 201 }));

    await user.click(within(dialog).getByRole('button', { name: 'Create Draft' }));

    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Site URL' })).toHaveAccessibleDescription('Please enter your WordPress site address'));
    expect(within(dialog).getByRole('textbox', { name: 'User name' })).toHaveAccessibleDescription('Please enter your WordPress user name');
    expect(within(dialog).getByLabelText('Application password')).toHaveAccessibleDescription(
      expect.stringContaining('Please enter an application password'),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Site URL' })).toHaveFocus();

    await fillDetails(user, dialog, 'not a site');
    expect(within(dialog).getByRole('textbox', { name: 'Site URL' })).toHaveAccessibleDescription(SITE_INVALID_MESSAGE);
    await user.click(within(dialog).getByRole('button', { name: 'Create Draft' }));

    expect(within(dialog).getByRole('textbox', { name: 'Site URL' })).toHaveFocus();
    expect(wordpressCalls(requests)).toHaveLength(0);
  });

  it.each([
    ['WordPress refuses the details (401)', () => json({ code: 'rest_not_logged_in', message: 'You are not currently logged in.' }, { status: 401 }), WORDPRESS_REFUSED_MESSAGE],
    ['the user may not write posts (403)', () => json({ code: 'rest_cannot_create', message: 'Sorry.' }, { status: 403 }), WORDPRESS_REFUSED_MESSAGE],
    ['the site has no REST API (404)', () => new Response('<h1>Not found</h1>', { status: 404, headers: { 'Content-Type': 'text/html' } }), WORDPRESS_NO_REST_API_MESSAGE],
    ['the site answers a web page', () => new Response('<!doctype html><p>Welcome</p>', { status: 200, headers: { 'Content-Type': 'text/html' } }), WORDPRESS_NO_REST_API_MESSAGE],
    [
      'the request is blocked (CORS or unreachable)',
      () => {
        throw new TypeError('Failed to fetch');
      },
      WORDPRESS_BLOCKED_MESSAGE,
    ],
  ])('says so clearly when %s, keeping the details', async (_case, answer, message) => {
    const user = userEvent.setup();
    const { dialog } = await openDialog(user, answer);
    await fillDetails(user, dialog);

    await user.click(within(dialog).getByRole('button', { name: 'Create Draft' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByRole('textbox', { name: 'User name' })).toHaveValue('ann');
    expect(within(dialog).getByRole('button', { name: 'Create Draft' })).not.toHaveAttribute('aria-disabled');
    expect(within(dialog).queryByRole('heading', { name: 'Draft created' })).not.toBeInTheDocument();
  });

  it('is closed with Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    await openDialog(user, () => json({ id: 1 }, { status: 201 }));

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Publish to WordPress' })).toHaveFocus();
  });
});
