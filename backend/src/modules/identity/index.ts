// Public surface of the identity context (ARCHITECTURE rule 2): other contexts import only from here.
export { IdentityModule } from './identity.module';
export { IDENTITY_API } from './identity.api';
export { WHITELIST_TYPES } from './identity.api';
export type {
  AccountCounts,
  FlaggedDevice,
  IdentityApi,
  IdentityUser,
  IdentityUserPage,
  NewWhitelistEntry,
  WhitelistCandidates,
  WhitelistEntry,
  WhitelistType,
} from './identity.api';
export {
  AccountSuspendedError,
  EmailTakenError,
  InvalidCredentialsError,
  RegistrationLimitError,
  TooManyAttemptsError,
  UserNotFoundError,
  WhitelistEntryExistsError,
  WhitelistEntryNotFoundError,
  UsernameTakenError,
} from './domain/identity-errors';
