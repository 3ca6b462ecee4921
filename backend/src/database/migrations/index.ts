import { InitialSchema1763769600000 } from './1763769600000-initial-schema';
import { RegistrationDeviceFlags1764028800000 } from './1764028800000-registration-device-flags';
import { ImageBytesUncompressed1764115200000 } from './1764115200000-image-bytes-uncompressed';
import { CommunityFeedTrigger1764201600000 } from './1764201600000-community-feed-trigger';
import { ReservationInstance1764288000000 } from './1764288000000-reservation-instance';
import { BillingTables1795422183837 } from './1795422183837-billing-tables';
import { ImageRenditions1795485146932 } from './1795485146932-image-renditions';
import { AdminAuditLog1795491072070 } from './1795491072070-admin-audit-log';
import { AccountDeletion1795500382323 } from './1795500382323-account-deletion';
import { ContactMessageDelivery1795500443022 } from './1795500443022-contact-message-delivery';
import { PasswordResetTokens1795500443363 } from './1795500443363-password-reset-tokens';
import { ImageObjectStorage1795502878919 } from './1795502878919-image-object-storage';
import { HotCacheTriggers1795503078012 } from './1795503078012-hot-cache-triggers';
import { ImageGenerationSeed1795512615284 } from './1795512615284-image-generation-seed';
import { BillingCheckoutClaim1795811618205 } from './1795811618205-billing-checkout-claim';
import { ImageObjectScopes1795830542117 } from './1795830542117-image-object-scopes';
import { ImageEditChains1795858885896 } from './1795858885896-image-edit-chains';
import { ModelChain1795910400000 } from './1795910400000-model-chain';
import { ReportsAndTakedown1795996800000 } from './1795996800000-reports-and-takedown';
import { GrowthIndexes1796083200000 } from './1796083200000-growth-indexes';
import { ImageDailyStats1796169600000 } from './1796169600000-image-daily-stats';
import { LedgerDailyStats1796256000000 } from './1796256000000-ledger-daily-stats';
import { LaughCountDeltas1796342400000 } from './1796342400000-laugh-count-deltas';
import { SummariesLockInOrder1796428800000 } from './1796428800000-summaries-lock-in-order';
import { FlatCounts1796515200000 } from './1796515200000-flat-counts';

/** Every migration, oldest first. Listed explicitly so ts-jest and the compiled build agree. */
export const MIGRATIONS = [
  InitialSchema1763769600000,
  RegistrationDeviceFlags1764028800000,
  ImageBytesUncompressed1764115200000,
  CommunityFeedTrigger1764201600000,
  ReservationInstance1764288000000,
  BillingTables1795422183837,
  ImageRenditions1795485146932,
  AdminAuditLog1795491072070,
  AccountDeletion1795500382323,
  ContactMessageDelivery1795500443022,
  PasswordResetTokens1795500443363,
  ImageObjectStorage1795502878919,
  HotCacheTriggers1795503078012,
  ImageGenerationSeed1795512615284,
  BillingCheckoutClaim1795811618205,
  ImageObjectScopes1795830542117,
  ImageEditChains1795858885896,
  ModelChain1795910400000,
  ReportsAndTakedown1795996800000,
  GrowthIndexes1796083200000,
  ImageDailyStats1796169600000,
  LedgerDailyStats1796256000000,
  LaughCountDeltas1796342400000,
  SummariesLockInOrder1796428800000,
  FlatCounts1796515200000,
];
