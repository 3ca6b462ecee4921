import * as path from 'node:path';
import { inheritedEnvironment } from '../../config/inherited-environment';

/** The backend's tsconfig, from src/shared/workers (and dist/shared/workers, where it is never needed). */
const TSCONFIG = path.resolve(__dirname, '../../../tsconfig.json');

/**
 * A worker thread's module is a .js file in dist and a .ts file under ts-node or ts-jest; in the
 * second case the worker must load TypeScript too: ts-node (transpile only) with the backend's
 * tsconfig, as the main thread does (its own flags when it runs under ts-node).
 */
export function typescriptWorkerOptions(filename: string): { execArgv?: string[]; env?: Record<string, string | undefined> } {
  if (!filename.endsWith('.ts')) return {};
  const hasTsNode = process.execArgv.some((arg) => arg.includes('ts-node'));
  return {
    execArgv: hasTsNode ? process.execArgv : ['--require', require.resolve('ts-node/register/transpile-only')],
    env: inheritedEnvironment({ TS_NODE_PROJECT: TSCONFIG, TS_NODE_TRANSPILE_ONLY: 'true' }),
  };
}
