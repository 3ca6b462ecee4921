import { describe, expect, it } from 'vitest';
import { SIGNED_IN_LINKS, SIGNED_OUT_LINKS, currentNavItem } from './nav-links';

function current(pathname: string, hash = '') {
  return currentNavItem(SIGNED_IN_LINKS, { pathname, hash })?.label ?? null;
}

describe('the current top bar item (one at most)', () => {
  it('marks only Community Edits at /dashboard#community, not Magic Editor as well (issue 15)', () => {
    expect(current('/dashboard', '#community')).toBe('Community Edits');
  });

  it('marks Magic Editor on the editor itself, and for any other hash of it', () => {
    expect(current('/dashboard')).toBe('Magic Editor');
    expect(current('/dashboard/')).toBe('Magic Editor');
    expect(current('/dashboard', '#top')).toBe('Magic Editor');
  });

  it('marks the page a link names, and nothing elsewhere', () => {
    expect(current('/leaderboard')).toBe('Leaderboard');
    expect(current('/my-edits')).toBe('My Edits');
    expect(current('/pricing')).toBeNull();
    expect(current('/', '#community')).toBeNull();
    expect(currentNavItem(SIGNED_OUT_LINKS, { pathname: '/pricing', hash: '' })?.label).toBe('Pricing');
  });

  it('matches an `end` link exactly and any other link as a parent path', () => {
    const items = [
      { label: 'Tools', to: '/tools' },
      { label: 'Pricing', to: '/pricing', end: true },
    ];
    expect(currentNavItem(items, { pathname: '/tools/youtube-to-article', hash: '' })?.label).toBe('Tools');
    expect(currentNavItem(items, { pathname: '/pricing/extra', hash: '' })).toBeUndefined();
  });
});
