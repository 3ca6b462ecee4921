import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { calls, listAnswer, openAdmin, toastTitle } from '../admin-test-kit';
import { IMAGE_ID_MESSAGE } from './image-visibility-panel';

const IMAGE = '3f2a9c1e-8b7d-4e6f-a5b4-c3d2e1f0a9b8';
const HIDDEN = {
  id: '5e6f7a8b-1c2d-4e3f-9a0b-c1d2e3f4a5b6',
  userId: 'u1',
  prompt: 'make the cat wear a hat',
  createdAt: '2030-05-01T12:00:00.000Z',
};
const ENTRY = {
  id: 'w1',
  type: 'ip',
  value: '203.0.113.7',
  reason: 'Office',
  isActive: true,
  createdBy: 'a1',
  createdAt: '2030-05-01T12:00:00.000Z',
};

function routes(extra: Parameters<typeof openAdmin>[0] = {}) {
  return {
    'GET /api/admin/images/hidden': () => listAnswer([HIDDEN]),
    'GET /api/admin/whitelist': () => listAnswer([ENTRY]),
    'GET /api/admin/flagged-devices': () =>
      listAnswer([{ fingerprintHash: 'a'.repeat(64), userId: 'u9', email: 'sus@example.com', username: null, createdAt: '2030-05-01T12:00:00.000Z' }]),
    ...extra,
  };
}

function openModeration(extra: Parameters<typeof openAdmin>[0] = {}) {
  return openAdmin(routes(extra), { path: '/admin?tab=moderation' });
}

describe('Moderation: image visibility (D14)', () => {
  it('hides an image from a pasted address, with the reason, and refetches the hidden list', async () => {
    const user = userEvent.setup();
    const { requests } = await openModeration({
      [`POST /api/admin/images/${IMAGE}/visibility`]: () => json({ id: IMAGE, hidden: true }),
    });
    await screen.findByText(HIDDEN.prompt);

    const panel = within(screen.getByRole('region', { name: 'Image Visibility' }));
    await user.type(panel.getByLabelText('Image ID or URL'), `https://magic.example/api/images/${IMAGE}/renditions/x.webp`);
    await user.type(panel.getByLabelText('Reason (optional)'), 'Offensive');
    await user.click(screen.getByRole('button', { name: 'Hide Image' }));

    expect(await toastTitle('Image hidden')).toBeInTheDocument();
    const [post] = calls(requests, 'POST', `/api/admin/images/${IMAGE}/visibility`);
    expect(await post!.json()).toEqual({ hidden: true, reason: 'Offensive' });
    expect(screen.getByLabelText('Image ID or URL')).toHaveValue('');
    await waitFor(() => expect(calls(requests, 'GET', '/api/admin/images/hidden').length).toBe(2));
  });

  it('asks for an id when the text has none, and sends nothing', async () => {
    const user = userEvent.setup();
    const { requests } = await openModeration();
    await screen.findByText(HIDDEN.prompt);

    await user.type(screen.getByLabelText('Image ID or URL'), 'not an image');
    await user.click(screen.getByRole('button', { name: 'Show Image' }));

    expect(screen.getByText(IMAGE_ID_MESSAGE)).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('shows a hidden image again from the list', async () => {
    const user = userEvent.setup();
    const { requests } = await openModeration({
      [`POST /api/admin/images/${HIDDEN.id}/visibility`]: () => json({ id: HIDDEN.id, hidden: false }),
    });
    await screen.findByText(HIDDEN.prompt);

    await user.click(screen.getByRole('button', { name: `Show image ${HIDDEN.id}` }));

    expect(await toastTitle('Image shown')).toBeInTheDocument();
    const [post] = calls(requests, 'POST', `/api/admin/images/${HIDDEN.id}/visibility`);
    expect(await post!.json()).toEqual({ hidden: false });
  });
});

describe('Moderation: whitelist and flagged devices (D19)', () => {
  it('adds an entry and toggles one', async () => {
    const user = userEvent.setup();
    const { requests } = await openModeration({
      'POST /api/admin/whitelist': () => json({ ...ENTRY, id: 'w2', type: 'email', value: 'vip@example.com', reason: null }, { status: 201 }),
      'PATCH /api/admin/whitelist/w1': () => json({ ...ENTRY, isActive: false }),
    });
    await screen.findByText(ENTRY.value);
    const whitelist = within(screen.getByRole('region', { name: 'Whitelist' }));
    expect(whitelist.getByText('IP address', { selector: 'span' })).toBeInTheDocument();
    expect(whitelist.getByText('Active', { selector: 'span' })).toBeInTheDocument();

    // No value: nothing is sent.
    await user.click(whitelist.getByRole('button', { name: 'Add Entry' }));
    expect(whitelist.getByText('Enter a value')).toBeInTheDocument();

    await user.selectOptions(whitelist.getByRole('combobox', { name: 'Type' }), 'email');
    await user.type(whitelist.getByRole('textbox', { name: 'Value' }), ' vip@example.com ');
    await user.click(whitelist.getByRole('button', { name: 'Add Entry' }));
    expect(await toastTitle('Whitelist entry added')).toBeInTheDocument();
    const [post] = calls(requests, 'POST', '/api/admin/whitelist');
    expect(await post!.json()).toEqual({ type: 'email', value: 'vip@example.com' });

    await user.click(whitelist.getByRole('button', { name: `Deactivate ${ENTRY.value}` }));
    expect(await toastTitle('Whitelist entry updated')).toBeInTheDocument();
    const [patch] = calls(requests, 'PATCH', '/api/admin/whitelist/w1');
    expect(await patch!.json()).toEqual({ isActive: false });
  });

  it('lists flagged devices', async () => {
    await openModeration();

    const region = await screen.findByRole('region', { name: 'Flagged Devices (1)' });
    expect(within(region).getByText('sus@example.com')).toBeInTheDocument();
    expect(within(region).getByText('aaaaaaaaaaaa')).toHaveAttribute('title', 'a'.repeat(64));
  });
});
