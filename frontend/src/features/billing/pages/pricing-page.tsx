import { ComingSoon } from '../../../shared/ui/coming-soon';
import { PageHeading } from '../../../shared/ui/page-heading';

/** /pricing (001 §2); plans and credit packs arrive with the billing issue. */
export function PricingPage() {
  return (
    <>
      <PageHeading title="Pricing" subtitle="Monthly subscriptions and pay-as-you-go credit packs." />
      <ComingSoon>
        <p>Plans and credit packs will be on sale here soon.</p>
      </ComingSoon>
    </>
  );
}
