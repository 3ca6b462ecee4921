import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useGetCurrentUserQuery } from '../../shared/api/current-user.api';
import { cx } from '../../shared/lib/cx';
import { Button } from '../../shared/ui/button';
import { Drawer } from '../../shared/ui/drawer';
import { MenuIcon } from '../../shared/ui/icons';
import { TOOL_SUITE_NAME, ToolSidebar } from '../shell/tool-sidebar';
import { VerificationBanner } from '../../features/identity/components/verification-banner';
import { TopBar } from '../shell/top-bar';
import styles from './layouts.module.css';

/**
 * Tool pages (/tools/*, /brains/*): the top bar (as wide as on every other page), then the
 * tool-suite sidebar beside the page.
 * The sidebar collapses to an icon rail on desktop and becomes a drawer below 1024 px. Like
 * SiteLayout, the part below the verification banner is shown once GET /api/user has answered.
 */
export function ToolLayout() {
  const { isLoading } = useGetCurrentUserQuery();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <div className={styles.page}>
      <TopBar />
      <VerificationBanner />
      <div className={cx(styles.toolBody, isLoading && styles.awaitingUser)}>
        <aside className={cx(styles.rail, collapsed && styles.railCollapsed)} aria-label={TOOL_SUITE_NAME}>
          <ToolSidebar collapsed={collapsed} onToggleCollapsed={() => setCollapsed((value) => !value)} />
        </aside>
        <div className={styles.toolContent}>
          <div className={styles.toolBar}>
            <Button
              variant="ghost"
              size="sm"
              aria-haspopup="dialog"
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              <MenuIcon />
              {TOOL_SUITE_NAME}
            </Button>
          </div>
          <main id="main" tabIndex={-1} className={styles.main}>
            <Outlet />
          </main>
        </div>
      </div>
      <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)} title={TOOL_SUITE_NAME} closeLabel="Close tool menu">
        <ToolSidebar hideSuiteName onNavigate={() => setDrawerOpen(false)} />
      </Drawer>
    </div>
  );
}
