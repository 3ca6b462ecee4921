import { InitialSchema1763769600000 } from './1763769600000-initial-schema';

/** Every migration, oldest first. Listed explicitly so ts-jest and the compiled build agree. */
export const MIGRATIONS = [InitialSchema1763769600000];
