// Public surface of the support context (ARCHITECTURE rule 2): other contexts import only from here.
export { SupportModule } from './support.module';
export { TooManyContactMessagesError } from './domain/support-errors';
