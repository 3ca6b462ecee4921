import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useGetCurrentUserQuery } from '../../shared/api/current-user.api';
import { Button } from '../../shared/ui/button';
import { Drawer } from '../../shared/ui/drawer';
import { MenuIcon } from '../../shared/ui/icons';
import { Skeleton } from '../../shared/ui/skeleton';
import { cx } from '../../shared/lib/cx';
import { AvatarMenu } from './avatar-menu';
import { CreditsPill } from './credits-pill';
import { Brand } from './brand';
import { SIGNED_IN_LINKS, SIGNED_OUT_LINKS, currentNavItem, type NavItem } from './nav-links';
import styles from './top-bar.module.css';

function NavItems({ items, linkClassName, onNavigate }: { items: readonly NavItem[]; linkClassName: string | undefined; onNavigate?: () => void }) {
  const location = useLocation();
  // One item at most is current, also where a section link and its page's link both match.
  const current = currentNavItem(items, location);
  return items.map((item) => (
    <Link
      key={item.label}
      to={item.to}
      aria-current={item === current ? 'page' : undefined}
      className={cx(linkClassName, item.emphasis && styles.emphasis)}
      onClick={onNavigate}
    >
      {item.label}
    </Link>
  ));
}

/**
 * The top bar of every page except / and /auth (001 §2). Signed in: Magic Editor, Community
 * Edits, Leaderboard, My Edits, the credits balance and the avatar menu; signed out: Pricing and
 * Members Area. Below 768 px the links move into a slide-in drawer opened by the menu button.
 */
export function TopBar() {
  const { data: user, isLoading } = useGetCurrentUserQuery();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const links = user ? SIGNED_IN_LINKS : SIGNED_OUT_LINKS;

  return (
    <header className={styles.topBar}>
      <div className={styles.inner}>
        <Button
          variant="ghost"
          className={styles.menuButton}
          aria-label="Open menu"
          aria-expanded={drawerOpen}
          aria-haspopup="dialog"
          onClick={() => setDrawerOpen(true)}
        >
          <MenuIcon width={24} height={24} />
        </Button>
        <Brand />

        <nav aria-label="Primary" aria-busy={isLoading} className={cx(styles.nav, !user && styles.signedOutNav)}>
          {isLoading ? (
            <span className={styles.loading}>
              <Skeleton width="5.5rem" height="1rem" />
              <Skeleton width="5.5rem" height="1rem" />
            </span>
          ) : (
            <NavItems items={links} linkClassName={styles.link} />
          )}
        </nav>

        {isLoading || user ? (
          <div className={styles.actions}>
            {user ? (
              <>
                <CreditsPill />
                <AvatarMenu user={user} />
              </>
            ) : (
              <Skeleton width="2.25rem" height="2.25rem" circle />
            )}
          </div>
        ) : null}
      </div>

      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} title="Magic Editor">
        <nav aria-label="Primary" className={styles.drawerNav}>
          {isLoading ? null : (
            <NavItems items={links} linkClassName={styles.drawerLink} onNavigate={() => setDrawerOpen(false)} />
          )}
        </nav>
      </Drawer>
    </header>
  );
}
