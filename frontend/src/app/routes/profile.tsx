import { BillingCard } from '../../features/billing/components/billing-card';
import { ProfilePage } from '../../features/profile/pages/profile-page';

/**
 * /profile (001 §2): the profile feature's page with the billing feature's Billing &
 * Subscription card between Account Information and Change Password. Features never import each
 * other (ARCHITECTURE rule 9); the page that needs both is put together here.
 */
export function ProfileRoute() {
  return <ProfilePage billingCard={<BillingCard />} />;
}
