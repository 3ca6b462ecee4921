import * as path from 'node:path';
import { BACKEND, groupFiles, plan } from './plan';

/**
 * Loads the members of the group whose file is `groupFile` (see plan.js), each inside a describe
 * named by its path, so its top-level hooks and tests stay its own and a failure names the file.
 */
export function describeGroup(groupFile: string): void {
  const index = groupFiles().indexOf(path.basename(groupFile));
  const members = plan().groups[index];
  if (!members) throw new Error(`${groupFile} is not a group file of ${__dirname}`);
  for (const member of members) {
    describe(member, () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded at collection time, inside this describe
      require(path.join(BACKEND, member));
    });
  }
}
