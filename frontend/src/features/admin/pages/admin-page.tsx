import { useSearchParams } from 'react-router-dom';
import { useGetCurrentUserQuery } from '../../../shared/api/current-user.api';
import { ButtonLink } from '../../../shared/ui/button';
import { AccessDeniedCard } from '../../../shared/ui/access-denied-card';
import { PageHeading } from '../../../shared/ui/page-heading';
import { Tabs, type TabItem } from '../../../shared/ui/tabs';
import { AuditLogTab } from '../components/audit-log-tab';
import { ModerationTab } from '../components/moderation-tab';
import { PlatformStatsTab } from '../components/platform-stats-tab';
import { ReportsTab } from '../components/reports-tab';
import { SalesAnalyticsTab } from '../components/sales-analytics-tab';
import { SystemReliabilityTab } from '../components/system-reliability-tab';
import { TransactionsTab } from '../components/transactions-tab';
import { UserManagementTab } from '../components/user-management-tab';
import styles from './admin-page.module.css';

/** 001 §2 */
export const ADMIN_TITLE = 'Admin Dashboard - Internal Access Only';
/** 001 §2 */
export const ACCESS_DENIED_TEXT = 'Access Denied - You do not have permission to access this page.';

export const ADMIN_TABS = ['users', 'transactions', 'sales', 'platform', 'reliability', 'moderation', 'reports', 'audit'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

function isAdminTab(value: string | null): value is AdminTab {
  return value !== null && (ADMIN_TABS as readonly string[]).includes(value);
}

/** The five tabs of 001 §2 (User Management first, the default) and the Moderation, Reports (D43) and Audit Log tabs. */
function tabItems(): TabItem<AdminTab>[] {
  return [
    { value: 'users', label: 'User Management', panel: <UserManagementTab /> },
    { value: 'transactions', label: 'Credit Transactions', panel: <TransactionsTab /> },
    { value: 'sales', label: 'Sales Analytics', panel: <SalesAnalyticsTab /> },
    { value: 'platform', label: 'Platform Stats', panel: <PlatformStatsTab /> },
    { value: 'reliability', label: 'System Reliability', panel: <SystemReliabilityTab /> },
    { value: 'moderation', label: 'Moderation', panel: <ModerationTab /> },
    { value: 'reports', label: 'Reports', panel: <ReportsTab /> },
    { value: 'audit', label: 'Audit Log', panel: <AuditLogTab /> },
  ];
}

/** The tabs; the chosen one is kept in `?tab=` so that a reload or a shared link opens it again. */
function AdminTabs() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = isAdminTab(requested) ? requested : 'users';
  return (
    <Tabs
      label="Admin sections"
      className={styles.tabs}
      items={tabItems()}
      value={tab}
      onChange={(next) => setParams(next === 'users' ? {} : { tab: next }, { replace: true })}
    />
  );
}

function AccessDenied({ signedIn }: { signedIn: boolean }) {
  return (
    <AccessDeniedCard labelledBy="admin-access-denied">
      <h2 id="admin-access-denied" className={styles.deniedText}>
        {ACCESS_DENIED_TEXT}
      </h2>
      {signedIn ? (
        <ButtonLink to="/dashboard" variant="secondary">
          Back to Editor
        </ButtonLink>
      ) : (
        <ButtonLink to="/auth" variant="primary">
          Sign In
        </ButtonLink>
      )}
    </AccessDeniedCard>
  );
}

/**
 * /admin (001 §2 "Admin dashboard"), marked no-index: 'Loading...' while the user loads, Access
 * Denied for anyone who is not an admin (D22: `isAdmin` from GET /api/user; every call is also
 * refused by the server), else the dashboard's tabs.
 */
export function AdminPage() {
  const { data: user, isLoading } = useGetCurrentUserQuery();
  return (
    <div className={styles.page}>
      {/* React 19 hoists this into <head> while the page is shown. */}
      <meta name="robots" content="noindex, nofollow" />
      {/* 001: "Page title 'Admin Dashboard - Internal Access Only'", so the tab says exactly that. */}
      <PageHeading title={ADMIN_TITLE} exactDocumentTitle className={styles.heading} />
      {isLoading ? (
        <p role="status" className={styles.loading}>
          Loading...
        </p>
      ) : user?.isAdmin ? (
        <AdminTabs />
      ) : (
        <AccessDenied signedIn={!!user} />
      )}
    </div>
  );
}
