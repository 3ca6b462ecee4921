// Public surface of the credits context (ARCHITECTURE rule 2): other contexts import only from here.
export { CreditsModule } from './credits.module';
export { CREDITS_API } from './credits.api';
export type {
  AdjustCredits,
  CreditBalance,
  CreditKind,
  CreditsApi,
  CreditTransaction,
  GrantCredits,
  GrantedCredits,
  GrantResult,
  Reservation,
  ReserveCredit,
  ReserveCredits,
  RevokeResult,
  RevokeUnspent,
  SalesFigures,
  TransactionPage,
  TransactionQuery,
  UserCreditStats,
} from './credits.api';
export {
  IdempotencyKeyReusedError,
  InsufficientCreditsError,
  ReservationNotFoundError,
  ReservationReleasedError,
  TooManyActiveReservationsError,
} from './domain/credit-errors';
// ADR 0027: the response classes of the contract, for the contexts whose answers carry these shapes.
export { CreditBalanceResponse, CreditTransactionResponse, UserCreditStatsResponse } from './credits.responses';
export { CREDIT_RESERVATIONS_RELEASED } from './domain/credit-reservations-released.event';
export type { CreditReservationsReleased } from './domain/credit-reservations-released.event';
