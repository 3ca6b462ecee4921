import { parsePath, type To } from 'react-router-dom';

export interface NavItem {
  label: string;
  to: To;
  /** Only exact matches mark the link as the current page. */
  end?: boolean;
  /**
   * A link to a section of a page (path and hash): it is the current one only while the address
   * names that section, and then it alone (not also the page's own link).
   */
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

function target(to: To): { pathname: string; hash: string } {
  const { pathname = '', hash = '' } = typeof to === 'string' ? parsePath(to) : to;
  return { pathname, hash };
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * The one item to mark as current for an address (issue 15: at /dashboard#community only
 * "Community Edits" is highlighted, not "Magic Editor" as well): a section link whose path and
 * hash match wins; otherwise the first page link whose path matches (exactly for `end` items,
 * or as a parent path).
 */
export function currentNavItem(items: readonly NavItem[], location: { pathname: string; hash: string }): NavItem | undefined {
  const pathname = trimSlash(location.pathname);
  const section = items.find((item) => {
    if (!item.section) return false;
    const link = target(item.to);
    return link.hash !== '' && trimSlash(link.pathname) === pathname && link.hash === location.hash;
  });
  if (section) return section;
  return items.find((item) => {
    if (item.section) return false;
    const path = trimSlash(target(item.to).pathname);
    return item.end ? path === pathname : path === pathname || pathname.startsWith(`${path}/`);
  });
}
