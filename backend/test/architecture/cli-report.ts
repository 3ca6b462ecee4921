import { execFileSync } from 'node:child_process';

/**
 * Runs a checker's CLI (ESLint, dependency-cruiser) with Node and parses the JSON report it prints.
 * Both exit non-zero when they find problems, which is what the rule tests plant: the report on
 * stdout is read either way; their stderr is not read.
 */
export function cliReport<T>(cli: string, args: string[], cwd: string): T {
  let out: string;
  try {
    out = execFileSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 });
  } catch (e) {
    out = String((e as { stdout?: string }).stdout);
  }
  return JSON.parse(out) as T;
}
