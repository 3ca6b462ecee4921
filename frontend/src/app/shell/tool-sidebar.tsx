import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { cx } from '../../shared/lib/cx';
import { Button } from '../../shared/ui/button';
import {
  BrainIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CreditCardIcon,
  HomeIcon,
  ImageIcon,
  LockIcon,
  VideoIcon,
  type IconProps,
} from '../../shared/ui/icons';
import hidden from '../../shared/ui/visually-hidden.module.css';
import styles from './tool-sidebar.module.css';

export const TOOL_SUITE_NAME = 'Magic Editor AI Suite';
export const TOOL_SUITE_TAGLINE = 'Transform your content';

interface SidebarEntry {
  label: string;
  to: string;
  icon: ComponentType<IconProps>;
  /** Marked "Soon" and disabled: shown, but not a link. */
  soon?: boolean;
  /** Other paths on which this entry is the current page. */
  alsoCurrentOn?: readonly string[];
}

interface SidebarSection {
  title: string;
  entries: readonly SidebarEntry[];
}

/** 001 §2 "Sidebar (tool pages)", in its order. */
export const SIDEBAR_SECTIONS: readonly SidebarSection[] = [
  { title: 'Main', entries: [{ label: 'Dashboard', to: '/dashboard', icon: HomeIcon }] },
  {
    title: 'Software',
    entries: [
      // The sidebar says /tools/photo-editor, the route table /tools/photoshop-ai: both show it.
      { label: 'AI Photo Editor', to: '/tools/photo-editor', icon: ImageIcon, alsoCurrentOn: ['/tools/photoshop-ai'] },
      { label: 'YouTube to Article', to: '/tools/youtube-to-article', icon: VideoIcon },
    ],
  },
  {
    title: 'Brains',
    entries: [{ label: 'YouTube Script Generator', to: '/brains/youtube-script-gen', icon: BrainIcon, soon: true }],
  },
  {
    title: 'Settings',
    entries: [
      { label: 'Pricing', to: '/pricing', icon: CreditCardIcon },
      { label: 'Authentication', to: '/auth', icon: LockIcon, soon: true },
    ],
  },
];

export interface ToolSidebarProps {
  /** Desktop rail only: icons without names. */
  collapsed?: boolean;
  /** Desktop rail only: shows the collapse button. */
  onToggleCollapsed?: () => void;
  /** Drawer only: the drawer already shows the suite name as its title. */
  hideSuiteName?: boolean;
  onNavigate?: () => void;
}

export function ToolSidebar({ collapsed = false, onToggleCollapsed, hideSuiteName = false, onNavigate }: ToolSidebarProps) {
  const { pathname } = useLocation();
  const hiddenWhenCollapsed = collapsed ? hidden.visuallyHidden : undefined;

  return (
    <div className={cx(styles.sidebar, collapsed && styles.collapsed, hideSuiteName && styles.inDrawer)}>
      <div className={styles.header}>
        <div className={cx(styles.suite, hiddenWhenCollapsed)}>
          {hideSuiteName ? null : <p className={styles.suiteName}>{TOOL_SUITE_NAME}</p>}
          <p className={styles.tagline}>{TOOL_SUITE_TAGLINE}</p>
        </div>
        {onToggleCollapsed ? (
          <Button
            variant="ghost"
            className={styles.collapseButton}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            onClick={onToggleCollapsed}
          >
            {collapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
          </Button>
        ) : null}
      </div>

      <nav aria-label="Tool suite" className={styles.nav}>
        {SIDEBAR_SECTIONS.map((section) => (
          <div key={section.title} className={styles.section}>
            <h2 className={cx(styles.sectionTitle, hiddenWhenCollapsed)}>{section.title}</h2>
            <ul className={styles.entries}>
              {section.entries.map((entry) => {
                const Icon = entry.icon;
                const content = (
                  <>
                    <Icon />
                    <span className={cx(styles.label, hiddenWhenCollapsed)}>{entry.label}</span>
                    {entry.soon ? (
                      <>
                        {' '}
                        <span className={cx(styles.badge, hiddenWhenCollapsed)}>Soon</span>
                      </>
                    ) : null}
                  </>
                );
                const title = collapsed ? `${entry.label}${entry.soon ? ' (Soon)' : ''}` : undefined;
                if (entry.soon) {
                  return (
                    <li key={entry.label}>
                      <span role="link" aria-disabled="true" className={cx(styles.entry, styles.disabled)} title={title}>
                        {content}
                      </span>
                    </li>
                  );
                }
                const current = pathname === entry.to || (entry.alsoCurrentOn?.includes(pathname) ?? false);
                return (
                  <li key={entry.label}>
                    <Link
                      to={entry.to}
                      className={styles.entry}
                      aria-current={current ? 'page' : undefined}
                      title={title}
                      onClick={onNavigate}
                    >
                      {content}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
    </div>
  );
}
