#!/usr/bin/env node
// `npm start`: builds what is missing or stale (frontend/dist, backend/dist), then runs the server
// in this very process, so Ctrl-C and kill reach it directly and no wrapper is left behind.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...p) => path.join(root, ...p);

/** Newest modification time among files under the given paths (0 when none exist). */
function newest(paths) {
  let max = 0;
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const entry of fs.readdirSync(p)) if (entry !== 'node_modules' && entry !== 'dist') visit(path.join(p, entry));
    } else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  paths.forEach(visit);
  return max;
}

const mtime = (p) => (fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0);

const targets = [
  {
    name: 'frontend',
    output: at('frontend', 'dist', 'index.html'),
    inputs: [
      ...['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json', 'tsconfig.app.json'].map((p) =>
        at('frontend', p),
      ),
      // The client bundles the rules it shares with the server (prompt filter, chips; D13).
      at('backend', 'src', 'modules', 'generation', 'domain', 'shared-with-client'),
      at('backend', 'src', 'modules', 'tools', 'domain', 'shared-with-client'),
      at('backend', 'src', 'modules', 'support', 'domain', 'shared-with-client'),
    ],
  },
  {
    name: 'backend',
    // Written after every successful build (the build is incremental: main.js itself is rewritten
    // only when its own output changes).
    output: at('backend', 'dist', '.build-stamp'),
    inputs: ['src', 'package.json', 'tsconfig.json', 'tsconfig.build.json'].map((p) => at('backend', p)),
  },
];

for (const t of targets) {
  const built = mtime(t.output);
  if (built && built >= newest(t.inputs)) continue;
  console.log(`[start] ${built ? 'Rebuilding the stale' : 'Building the'} ${t.name}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', t.name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[start] The ${t.name} build failed; not starting.`);
    process.exit(result.status ?? 1);
  }
}

createRequire(import.meta.url)(at('backend', 'dist', 'main.js'));
