import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AppConfig, REPO_ROOT } from './app-config';

/**
 * D18: SESSION_SECRET is required in production (the config schema enforces it). For local runs
 * one is generated once and kept in .data/session-secret, so sessions survive a restart.
 */
export function resolveSessionSecret(config: AppConfig, file = path.join(REPO_ROOT, '.data', 'session-secret')): string {
  if (config.session.secret) return config.session.secret;
  if (config.env === 'production') throw new Error('SESSION_SECRET is required when NODE_ENV=production');
  if (fs.existsSync(file)) {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  const secret = randomBytes(48).toString('base64url');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
