// Public surface of the identity context (ARCHITECTURE rule 2): other contexts import only from here.
export { IdentityModule } from './identity.module';
export { IDENTITY_API } from './identity.api';
export type { IdentityApi, IdentityUser, IdentityUserPage, WhitelistCandidates } from './identity.api';
export {
  AccountSuspendedError,
  EmailTakenError,
  InvalidCredentialsError,
  RegistrationLimitError,
  TooManyAttemptsError,
  UserNotFoundError,
  UsernameTakenError,
} from './domain/identity-errors';
