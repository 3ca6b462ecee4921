import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PRODUCTION_RUNTIME, startBuiltAppProcess } from './support/built-app';
import { BENCH_CONNECTIONS, BENCH_SECONDS, load, printTable, withDatabaseServer } from './support/load';

/** A CPU profile's nodes (the .cpuprofile format V8 writes with --cpu-prof). */
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string }; children?: number[] }>;
  samples: number[];
  timeDeltas: number[];
}

/** Who a stack frame belongs to: an npm package, our own code by folder, or Node itself. */
function ownerOf(url: string, functionName: string): string {
  if (!url) return functionName === '(garbage collector)' ? 'V8: garbage collection' : functionName === '(idle)' ? '(idle)' : 'V8 / native';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return pkg[1];
  const ours = /backend\/dist\/(.+?)\/[^/]+\.js$/.exec(url);
  if (ours) return `ours: ${ours[1].replace(/^modules\/([^/]+).*/, 'modules/$1')}`;
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0]}`;
  return 'other';
}

/**
 * Issue 14's "general profile of the Express pipeline": a request that goes through every layer
 * (GET /api/site-config: helmet, compression, the same-origin check, express-session, passport,
 * pino-http, Nest's router, a controller; no database query) under the usual load, with V8's
 * sampling profiler on (`--cpu-prof`), then the samples' self time summed per owner (npm package,
 * our folder, Node core, GC). Prints the load figures, then where the CPU went, busiest first.
 * The profiler itself slows the process a little; the shares, not the absolute rate, are the point.
 */
export async function run(): Promise<void> {
  await withDatabaseServer(async () => {
    const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-editor-cpu-prof-'));
    const app = await startBuiltAppProcess({ ...PRODUCTION_RUNTIME.env }, [
      ...PRODUCTION_RUNTIME.nodeArgs,
      '--cpu-prof',
      `--cpu-prof-dir=${profileDir}`,
      '--cpu-prof-interval=200',
    ]);
    let figures;
    try {
      console.log(`autocannon: ${BENCH_CONNECTIONS} connections, ${BENCH_SECONDS} s, built app with the CPU profiler on`);
      figures = await load('app GET /api/site-config (whole pipeline)', `${app.baseUrl}/api/site-config`);
    } finally {
      await app.stop(); // the profile is written as the process exits
    }
    printTable([figures]);
    const file = fs.readdirSync(profileDir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error(`no CPU profile written in ${profileDir}`);
    const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
    fs.rmSync(profileDir, { recursive: true, force: true });

    const ownerByNode = new Map(profile.nodes.map((n) => [n.id, ownerOf(n.callFrame.url, n.callFrame.functionName)]));
    const micros = new Map<string, number>();
    profile.samples.forEach((nodeId, i) => {
      const owner = ownerByNode.get(nodeId) ?? 'other';
      micros.set(owner, (micros.get(owner) ?? 0) + (profile.timeDeltas[i] ?? 0));
    });
    const busy = [...micros].filter(([owner]) => owner !== '(idle)').reduce((sum, [, us]) => sum + us, 0);
    const rows = [...micros]
      .filter(([owner]) => owner !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([owner, us]) => ({ owner, 'CPU ms': Math.round(us / 1000), share: `${((100 * us) / busy).toFixed(1)}%` }));
    console.log(`where the busy CPU time went (self time, ${Math.round(busy / 1000)} ms in all):`);
    console.table(rows);
  });
}
