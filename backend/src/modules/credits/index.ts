// Public surface of the credits context (ARCHITECTURE rule 2): other contexts import only from here.
export { CreditsModule } from './credits.module';
