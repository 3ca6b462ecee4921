// Public surface of the community context (ARCHITECTURE rule 2): other contexts import only from here.
export { CommunityModule } from './community.module';
