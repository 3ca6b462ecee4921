/**
 * Who `npm run seed` creates and with which passwords, read from the environment. Plain rules, no
 * I/O, so they are unit-tested on their own (seed-settings.spec.ts).
 *
 * The seeded accounts have passwords printed on the terminal, so the command is a development
 * tool: with NODE_ENV=production it refuses to run unless SEED_FORCE=true, and then it takes no
 * default password (SEED_DEMO_PASSWORD and SEED_ADMIN_PASSWORD must be set).
 */

/** The documented development password of both seeded accounts (README "A seeded demo"). */
export const DEV_PASSWORD = 'magic-editor-demo';
/** The sign-in form accepts 6; a password change asks for 8 (001 §5): the seed asks for 8. */
export const SEED_PASSWORD_MIN = 8;
/** Regular (watermark-free, D2) credits the demo user is given once, besides D1's 2 free ones. */
export const DEMO_CREDITS = 20;

export interface SeedAccount {
  email: string;
  /** Tried first; when another account holds it, `<username>-2`, `-3`… */
  username: string;
  password: string;
  /** true when the password is DEV_PASSWORD (said in the summary). */
  defaultPassword: boolean;
}

export interface SeedSettings {
  demo: SeedAccount & { credits: number };
  admin: SeedAccount;
  /** The ADMIN_EMAILS value that makes the seeded admin an admin (D22, D25), keeping the ones already set. */
  adminEmails: string;
  /** ADMIN_EMAILS already lists the seeded admin. */
  adminAlreadyListed: boolean;
  /** NODE_ENV=production and SEED_FORCE=true. */
  forcedInProduction: boolean;
}

export class SeedRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeedRefusedError';
  }
}

export const DEMO_EMAIL = 'demo@magic-editor.local';
export const ADMIN_EMAIL = 'admin@magic-editor.local';

function password(env: NodeJS.ProcessEnv, name: string, production: boolean): { password: string; defaultPassword: boolean } {
  const given = env[name];
  if (given === undefined || given === '') {
    if (production) throw new SeedRefusedError(`${name} is required when seeding with NODE_ENV=production (there is no default password there).`);
    return { password: DEV_PASSWORD, defaultPassword: true };
  }
  if (given.length < SEED_PASSWORD_MIN) throw new SeedRefusedError(`${name} must be at least ${SEED_PASSWORD_MIN} characters.`);
  return { password: given, defaultPassword: false };
}

export function seedSettings(env: NodeJS.ProcessEnv): SeedSettings {
  const production = env.NODE_ENV === 'production';
  const forced = env.SEED_FORCE === 'true';
  if (production && !forced) {
    throw new SeedRefusedError(
      'npm run seed creates accounts whose passwords it prints: it does not run with NODE_ENV=production. ' +
        'To seed a production-mode database anyway (a demo or staging server), set SEED_FORCE=true together with ' +
        'SEED_DEMO_PASSWORD and SEED_ADMIN_PASSWORD.',
    );
  }
  const listed = (env.ADMIN_EMAILS ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const adminAlreadyListed = listed.some((e) => e.toLowerCase() === ADMIN_EMAIL);
  return {
    demo: { email: DEMO_EMAIL, username: 'demo', ...password(env, 'SEED_DEMO_PASSWORD', production), credits: DEMO_CREDITS },
    admin: { email: ADMIN_EMAIL, username: 'admin', ...password(env, 'SEED_ADMIN_PASSWORD', production) },
    adminEmails: adminAlreadyListed ? listed.join(',') : [...listed, ADMIN_EMAIL].join(','),
    adminAlreadyListed,
    forcedInProduction: production && forced,
  };
}

/**
 * What `npm start` needs to run the app the seed just prepared, with the seeded admin as admin: the
 * ADMIN_EMAILS value, and the ports this run was given (PORT; EMBEDDED_PG_PORT when the embedded
 * PostgreSQL is the database), which a plain `npm start` would not know. A port left at its default
 * needs no repeating.
 */
export interface RestartSettings {
  adminEmails: string;
  /** PORT, when it was set. */
  port?: number;
  /** EMBEDDED_PG_PORT, when it was set and the embedded PostgreSQL is in use. */
  embeddedPgPort?: number;
}

export function restartCommand({ adminEmails, port, embeddedPgPort }: RestartSettings): string {
  const variables = [`ADMIN_EMAILS=${adminEmails}`];
  if (port !== undefined) variables.push(`PORT=${port}`);
  if (embeddedPgPort !== undefined) variables.push(`EMBEDDED_PG_PORT=${embeddedPgPort}`);
  return `${variables.join(' ')} npm start`;
}
