// Public surface of the administration context (ARCHITECTURE rule 2): other contexts import only from here.
export { AdministrationModule } from './administration.module';
