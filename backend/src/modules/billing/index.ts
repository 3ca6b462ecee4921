// Public surface of the billing context (ARCHITECTURE rule 2): other contexts import only from here.
export { BillingModule } from './billing.module';
