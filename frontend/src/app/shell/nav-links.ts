import type { To } from 'react-router-dom';

export interface NavItem {
  label: string;
  to: To;
  /** Only exact matches mark the link as the current page. */
  end?: boolean;
  /** Links to a section of another page are never marked current. */
  section?: boolean;
  /** Drawn as an outlined button (the sign-in entry point). */
  emphasis?: boolean;
}

/** 001 §2 "Top bar": what a signed-in user sees. */
export const SIGNED_IN_LINKS: readonly NavItem[] = [
  { label: 'Magic Editor', to: '/dashboard', end: true },
  // Goes to /dashboard and scrolls to the Recent Community Edits section (id "community").
  { label: 'Community Edits', to: { pathname: '/dashboard', hash: '#community' }, section: true },
  { label: 'Leaderboard', to: '/leaderboard', end: true },
  { label: 'My Edits', to: '/my-edits', end: true },
];

/** 001 §2 "Top bar": what a signed-out visitor sees. */
export const SIGNED_OUT_LINKS: readonly NavItem[] = [
  { label: 'Pricing', to: '/pricing', end: true },
  { label: 'Members Area', to: '/auth', end: true, emphasis: true },
];

/** 000 §2: footer links on public pages. */
export const FOOTER_LINKS: readonly NavItem[] = [
  { label: 'Magic Editor', to: '/dashboard' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Terms of Service', to: '/terms' },
];
