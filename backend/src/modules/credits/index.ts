// Public surface of the credits context (ARCHITECTURE rule 2): other contexts import only from here.
export { CreditsModule } from './credits.module';
export { CREDITS_API } from './credits.api';
export type {
  AdjustCredits,
  CreditBalance,
  CreditKind,
  CreditsApi,
  GrantCredits,
  GrantResult,
  Reservation,
  ReserveCredit,
} from './credits.api';
