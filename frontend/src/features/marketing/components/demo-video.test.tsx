import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { renderRoute } from '../../../test/render-route';
import { deferred, findHero, region, stubLanding } from '../pages/landing-test-kit';

function demo() {
  return region('See It in Action');
}

/** The real app at /, once the (lazily loaded) landing page is on screen. */
async function renderHome() {
  const view = renderRoute('/');
  await findHero();
  return view;
}

/** The animated walk through the editor (DemoSequence) stands in for a video. */
async function expectAnimatedDemo() {
  expect(await within(demo()).findByRole('button', { name: 'Pause demo' })).toBeInTheDocument();
  expect(within(demo()).getByText(/^Example 1 of \d:$/)).toBeInTheDocument();
  expect(demo().querySelector('video')).toBeNull();
  expect(within(demo()).queryByText(/coming soon/i)).not.toBeInTheDocument();
}

describe('demo video (000 §2 "embedded demo video")', () => {
  it('plays the configured video in a native player with the poster, loading nothing until asked', async () => {
    stubLanding({ 'GET /api/site-config': () => json({ demoVideoUrl: '/media/demo.mp4' }) });

    await renderHome();

    const player = await within(demo()).findByLabelText('Magic Editor demo video');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', '/media/demo.mp4');
    expect(player).toHaveAttribute('poster', '/assets/demo-poster.jpg');
    expect(player).toHaveAttribute('preload', 'none');
    expect(player).toHaveAttribute('controls');
    expect(within(demo()).queryByRole('button', { name: 'Pause demo' })).not.toBeInTheDocument();
  });

  it('accepts an https address', async () => {
    stubLanding({ 'GET /api/site-config': () => json({ demoVideoUrl: 'https://cdn.example.com/demo.mp4' }) });

    await renderHome();

    expect(await within(demo()).findByLabelText('Magic Editor demo video')).toHaveAttribute(
      'src',
      'https://cdn.example.com/demo.mp4',
    );
  });

  it('plays the animated demo, not a "coming soon" poster, when no video is configured', async () => {
    stubLanding({ 'GET /api/site-config': () => json({ demoVideoUrl: null }) });

    await renderHome();

    await expectAnimatedDemo();
  });

  it.each([
    ['the call fails', () => json({ message: 'boom' }, { status: 500, statusText: 'Internal Server Error' })],
    ['the server does not know the call', () => json({ message: 'Cannot GET /api/site-config' }, { status: 404 })],
    ['the address is not https', () => json({ demoVideoUrl: 'http://cdn.example.com/demo.mp4' })],
    ['the address is a script', () => json({ demoVideoUrl: 'javascript:alert(1)' })],
    ['the address is protocol-relative', () => json({ demoVideoUrl: '//evil.example/demo.mp4' })],
  ])('plays the animated demo when %s', async (_case, handler) => {
    stubLanding({ 'GET /api/site-config': handler });

    await renderHome();

    await expectAnimatedDemo();
  });

  it('plays the animated demo while the configuration loads, then the configured video', async () => {
    const answer = deferred();
    stubLanding({ 'GET /api/site-config': answer.handler });

    await renderHome();

    expect(within(demo()).getByRole('button', { name: 'Pause demo' })).toBeInTheDocument();

    answer.resolve(json({ demoVideoUrl: '/media/demo.mp4' }));
    expect(await within(demo()).findByLabelText('Magic Editor demo video')).toBeInTheDocument();
    expect(within(demo()).queryByRole('button', { name: 'Pause demo' })).not.toBeInTheDocument();
  });

  it('falls back to the animated demo when the video file cannot be played', async () => {
    stubLanding({ 'GET /api/site-config': () => json({ demoVideoUrl: '/media/missing.mp4' }) });

    await renderHome();
    const player = await within(demo()).findByLabelText('Magic Editor demo video');

    fireEvent.error(player);

    await expectAnimatedDemo();
    expect(screen.queryByLabelText('Magic Editor demo video')).not.toBeInTheDocument();
  });

  it('asks for the configuration once per visit', async () => {
    const { requests } = stubLanding({ 'GET /api/site-config': () => json({ demoVideoUrl: null }) });

    await renderHome();
    await expectAnimatedDemo();

    expect(requests.filter((request) => new URL(request.url).pathname === '/api/site-config')).toHaveLength(1);
  });
});
