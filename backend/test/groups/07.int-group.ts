// One jest test file for a share of the integration test files (plan.js says which).
import { describeGroup } from './describe-group';

describeGroup(__filename);
