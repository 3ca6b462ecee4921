// Public surface of the privacy context (ARCHITECTURE rule 2). Nothing imports it: it only
// orchestrates the other contexts (ADR 0019).
export { PrivacyModule } from './privacy.module';
export { AccountGoneError, ConfirmEmailMismatchError, TooManyExportsError } from './domain/privacy-errors';
