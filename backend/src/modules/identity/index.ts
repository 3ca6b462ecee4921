// Public surface of the identity context (ARCHITECTURE rule 2): other contexts import only from here.
export { IdentityModule } from './identity.module';
