import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { AppModule } from '../../app.module';
import { type AppConfig, loadConfig } from '../../config/app-config';
import { configureApp } from '../../configure-app';
import { prepareDatabase, type PreparedDatabase } from '../../database/prepare-database';
import { CREDITS_API, type CreditBalance, type CreditsApi } from '../../modules/credits';
import { IDENTITY_API, type IdentityApi, type IdentityUser, type WhitelistEntry } from '../../modules/identity';
import { IMAGES_API, type ImagesApi, type OwnedImage } from '../../modules/images';
import { mailsTo } from '../../shared/mail/outbox-mailer.adapter';
import { DEMO_EDITS, DEMO_PHOTOS_DIR, type DemoEdit, LOCAL_ADDRESSES, visitorIdentifier } from './demo-content';
import { describeAnswer, type HttpAnswer, HttpSession } from './http-session';
import { restartCommand, type SeedAccount, type SeedSettings, seedSettings } from './seed-settings';

/**
 * `npm run seed`: a living local product in one command (issue 15). It starts the app itself, as
 * one more instance on the app's database (DATABASE_URL, else the embedded PostgreSQL that
 * `npm start` uses, started the same way when it is not running; migrated first), on a loopback
 * port of its own, and goes through the product's public surfaces only:
 * - accounts are signed up, verified and signed in through the HTTP API, as a browser does
 *   (identity has no API to create accounts), the verification link read from this instance's own
 *   outbox;
 * - the local addresses are whitelisted by the seeded admin through the admin API (D19, D32: with
 *   its audit row);
 * - the demo credits are one grant through the credits ledger's API (CREDITS_API, D3, D5);
 * - the community edits are real generations of the sample photos (POST /api/generate with the
 *   local engine), so they are stored wherever the app stores images (PostgreSQL or S3, ADR 0023),
 *   and laughed at through the laugh API (D15);
 * - what already exists is looked up through IDENTITY_API, IMAGES_API and the admin API first.
 * Every step is idempotent: a second run finds everything and changes no row.
 */

export type Outcome = 'created' | 'found' | 'updated';

export interface SeedStep {
  outcome: Outcome;
  what: string;
}

export interface SeededAccount {
  id: string;
  email: string;
  username: string;
  password: string;
  defaultPassword: boolean;
  /** The password above signs in (false: the account existed before with another one). */
  passwordWorks: boolean;
}

export interface SeedReport {
  database: string;
  steps: SeedStep[];
  demo: SeededAccount & { balance: CreditBalance };
  admin: SeededAccount;
  /** The ADMIN_EMAILS value the app needs for the seeded admin (D22, D25). */
  adminEmails: string;
  adminAlreadyListed: boolean;
  /** Where the app is reached (PUBLIC_URL, else http://localhost:PORT). */
  appUrl: string;
  /** `ADMIN_EMAILS=… [PORT=…] [EMBEDDED_PG_PORT=…] npm start`: the app on what was seeded, the seeded admin an admin. */
  restartCommand: string;
  /** The seeded edits' ids, in DEMO_EDITS order. */
  editIds: string[];
}

/** A sign-up or sign-in that could not be done; the message says what to do. */
export class SeedFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeedFailedError';
  }
}

const USERNAME_TRIES = 5;
const WHITELIST_REASON = 'Local development: sign-ups from this machine (added by npm run seed)';

/**
 * The seed instance's configuration: the app's own (database, image store, limits), except that
 * its mail (the verification links it follows itself) goes to a private outbox, never SMTP; its
 * edits use the local engine, never a paid model; its ADMIN_EMAILS lists the seeded admin; its
 * sessions have a secret of their own; and its first sign-up, made before the local address is
 * whitelisted, is not refused because someone already signed up on this machine today (D19's
 * per-address limits protect the public sign-up form; the seed is the operator). It logs errors
 * only (SEED_LOG_LEVEL to see more).
 */
function seedConfig(env: NodeJS.ProcessEnv, settings: SeedSettings, outboxDir: string): AppConfig {
  return loadConfig({
    ...env,
    // Its sessions are its own (the seed signs in and out again), so any secret does.
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: env.SEED_LOG_LEVEL || 'error',
    ADMIN_EMAILS: settings.adminEmails,
    SMTP_URL: '',
    MAIL_OUTBOX_DIR: outboxDir,
    REPLICATE_API_TOKEN: '',
    REGISTRATIONS_PER_IP_PER_DAY: '1000000',
    REGISTRATION_ATTEMPTS_PER_IP_PER_HOUR: '1000000',
  });
}

export async function runSeed(env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<SeedReport> {
  const settings = seedSettings(env);
  if (settings.forcedInProduction) log('NODE_ENV=production with SEED_FORCE=true: seeding anyway, with the passwords you set.');
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-editor-seed-mail-'));
  let database: PreparedDatabase | undefined;
  let app: NestExpressApplication | undefined;
  try {
    const config = seedConfig(env, settings, outboxDir);
    database = await prepareDatabase(config, (m) => log(m));
    app = await NestFactory.create<NestExpressApplication>(AppModule.register({ config, databaseUrl: database.url }), {
      bodyParser: false,
      bufferLogs: true,
      abortOnError: false,
    });
    configureApp(app, config, config.session.secret!);
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as AddressInfo).port;
    const seeder = new Seeder(`http://127.0.0.1:${port}`, app, settings, outboxDir, log);
    const result = await seeder.run();
    // Issue 24: ports given to this run are in the restart line, or `npm start` would use others.
    const given = (name: string) => (env[name] ?? '') !== '';
    const restart = restartCommand({
      adminEmails: settings.adminEmails,
      port: given('PORT') ? config.port : undefined,
      embeddedPgPort: database.embedded && given('EMBEDDED_PG_PORT') ? database.embedded.port : undefined,
    });
    return { ...result, database: database.description, appUrl: config.publicUrl.origin, restartCommand: restart };
  } finally {
    await app?.close().catch((e: Error) => log(`Closing the seed's app instance failed: ${e.message}`));
    await database?.embedded?.stop();
    fs.rmSync(outboxDir, { recursive: true, force: true });
  }
}

class Seeder {
  private readonly steps: SeedStep[] = [];
  private readonly identity: IdentityApi;
  private readonly credits: CreditsApi;
  private readonly images: ImagesApi;

  constructor(
    private readonly base: string,
    app: NestExpressApplication,
    private readonly settings: SeedSettings,
    private readonly outboxDir: string,
    private readonly log: (line: string) => void,
  ) {
    this.identity = app.get<IdentityApi>(IDENTITY_API);
    this.credits = app.get<CreditsApi>(CREDITS_API);
    this.images = app.get<ImagesApi>(IMAGES_API);
  }

  async run(): Promise<Omit<SeedReport, 'database' | 'appUrl' | 'restartCommand'>> {
    // The admin first: it whitelists this machine, after which sign-ups here are not limited (D19).
    const admin = await this.account(this.settings.admin);
    try {
      if (!admin.passwordWorks) {
        throw new SeedFailedError(
          `${admin.user.email} already exists with another password, so the seed cannot act as the admin. ` +
            'Set SEED_ADMIN_PASSWORD to its password and run the seed again.',
        );
      }
      await this.whitelistLocalAddresses(admin.session);
    } finally {
      await admin.session.post('/api/logout');
    }

    const demo = await this.account(this.settings.demo);
    let editIds: string[];
    try {
      await this.grantDemoCredits(demo.user);
      editIds = await this.communityEdits(demo);
    } finally {
      await demo.session.post('/api/logout');
    }
    const balance = await this.credits.balance(demo.user.id);
    return {
      steps: this.steps,
      demo: { ...seeded(demo, this.settings.demo), balance },
      admin: seeded(admin, this.settings.admin),
      adminEmails: this.settings.adminEmails,
      adminAlreadyListed: this.settings.adminAlreadyListed,
      editIds,
    };
  }

  private record(outcome: Outcome, what: string): void {
    this.steps.push({ outcome, what });
    this.log(`  ${outcome.padEnd(7)}  ${what}`);
  }

  /** The account with this e-mail, signed up and verified when missing, then signed in if the password works. */
  private async account(spec: SeedAccount): Promise<{ user: IdentityUser; session: HttpSession; passwordWorks: boolean }> {
    const session = new HttpSession(this.base);
    let user = await this.findAccount(spec.email);
    let signedUp = false;
    if (user) {
      this.record('found', `account ${spec.email} (${user.username})`);
    } else {
      await this.signUp(session, spec);
      signedUp = true;
      user = await this.findAccount(spec.email);
      if (!user) throw new SeedFailedError(`Signed up ${spec.email}, but identity does not know the account`);
      this.record('created', `account ${spec.email} (${user.username})`);
    }

    if (!user.isVerified) {
      // A crash after a sign-up leaves it unverified: ask for a new link, as the app offers.
      if (!signedUp) await this.expect(session.post('/api/resend-confirmation', { email: spec.email }), 200, `Asking a new verification mail for ${spec.email}`);
      const token = this.verificationToken(spec.email);
      await this.expect(session.get(`/api/confirm-email/${token}`), 200, `Verifying ${spec.email}`);
      user = (await this.findAccount(spec.email))!;
      this.record('created', `e-mail verification of ${spec.email} (D1: 2 free watermarked credits)`);
    }

    // Signing in checks the printed password really works, and renews the session after verifying.
    const login = await session.post('/api/login', { email: spec.email, password: spec.password });
    if (login.status === 403) throw new SeedFailedError(`${spec.email} cannot sign in: ${describeAnswer(login)}`);
    if (login.status !== 200 && login.status !== 401) throw new SeedFailedError(`Signing in ${spec.email} failed: ${describeAnswer(login)}`);
    return { user, session, passwordWorks: login.status === 200 };
  }

  private async findAccount(email: string): Promise<IdentityUser | null> {
    const page = await this.identity.search(email, { limit: 200 });
    return page.items.find((u) => u.email === email.toLowerCase()) ?? null;
  }

  private async signUp(session: HttpSession, spec: SeedAccount): Promise<void> {
    for (let attempt = 1; attempt <= USERNAME_TRIES; attempt++) {
      const username = attempt === 1 ? spec.username : `${spec.username}-${attempt}`;
      const answer = await session.post('/api/register', { email: spec.email, username, password: spec.password });
      if (answer.status === 201) return;
      if ((answer.body as { code?: unknown }).code === 'IDENTITY.USERNAME_TAKEN') continue;
      throw new SeedFailedError(`Signing up ${spec.email} failed: ${describeAnswer(answer)}`);
    }
    throw new SeedFailedError(`Signing up ${spec.email} failed: the usernames ${spec.username} to ${spec.username}-${USERNAME_TRIES} are all taken`);
  }

  /** The token of the newest verification link this instance mailed to `email` (D24 outbox). */
  private verificationToken(email: string): string {
    for (const mail of mailsTo(this.outboxDir, email).reverse()) {
      const token = /\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
      if (token) return token;
    }
    throw new SeedFailedError(`No verification mail reached ${email}`);
  }

  /** D19: active `ip` entries for the loopback addresses, added by the admin through the admin API (D32 audit). */
  private async whitelistLocalAddresses(admin: HttpSession): Promise<void> {
    const entries: WhitelistEntry[] = [];
    for (let offset = 0; ; offset += 200) {
      const page = await this.expect(admin.get(`/api/admin/whitelist?limit=200&offset=${offset}`), 200, 'Reading the whitelist as the admin');
      entries.push(...(page.body as WhitelistEntry[]));
      if (entries.length >= Number(page.headers.get('x-total-count') ?? 0) || (page.body as unknown[]).length === 0) break;
    }
    for (const address of LOCAL_ADDRESSES) {
      const entry = entries.find((e) => e.type === 'ip' && e.value === address);
      if (!entry) {
        await this.expect(admin.post('/api/admin/whitelist', { type: 'ip', value: address, reason: WHITELIST_REASON }), 201, `Whitelisting ${address}`);
        this.record('created', `whitelist entry ip ${address}`);
      } else if (!entry.isActive) {
        await this.expect(admin.patch(`/api/admin/whitelist/${entry.id}`, { isActive: true }), 200, `Turning the whitelist entry of ${address} on`);
        this.record('updated', `whitelist entry ip ${address} (was off, now on)`);
      } else {
        this.record('found', `whitelist entry ip ${address}`);
      }
    }
  }

  /** One grant through the ledger, keyed on the account: once, whatever the number of runs (D5). */
  private async grantDemoCredits(demo: IdentityUser): Promise<void> {
    const credits = this.settings.demo.credits;
    const grant = await this.credits.grant({
      userId: demo.id,
      credits,
      kind: 'regular',
      type: 'grant',
      sourceType: 'seed',
      description: 'Demo credits (npm run seed)',
      idempotencyKey: `seed:demo-credits:${demo.id}`,
      expiresAt: null,
    });
    this.record(grant.applied ? 'created' : 'found', `${credits} regular credits for ${demo.email}`);
  }

  /** Each demo edit: found among the demo user's images, or generated now; then its laughs. */
  private async communityEdits(demo: { user: IdentityUser; session: HttpSession; passwordWorks: boolean }): Promise<string[]> {
    const owned = await this.ownedImages(demo.user.id);
    const ids: string[] = [];
    for (const edit of DEMO_EDITS) {
      const existing = owned.find((i) => i.status === 'completed' && i.originalFilename === edit.photo && i.prompt === edit.prompt);
      let id: string;
      if (existing) {
        id = existing.id;
        this.record('found', `community edit of ${edit.photo}: ${edit.prompt}`);
      } else {
        if (!demo.passwordWorks) {
          throw new SeedFailedError(
            `${demo.user.email} already exists with another password, so the seed cannot make its edits. ` +
              'Set SEED_DEMO_PASSWORD to its password and run the seed again.',
          );
        }
        id = await this.generate(demo.session, edit);
        this.record('created', `community edit of ${edit.photo}: ${edit.prompt}`);
      }
      ids.push(id);
      if (existing && (!existing.isPublic || existing.isHiddenByAdmin)) {
        this.log(`           (not in the community feed: ${existing.isHiddenByAdmin ? 'hidden by an admin' : 'made private by its owner'}; no laughs added)`);
        continue;
      }
      await this.laughs(id, edit);
    }
    return ids;
  }

  private async ownedImages(userId: string): Promise<OwnedImage[]> {
    const all: OwnedImage[] = [];
    for (let after: string | null = null; ; ) {
      const batch = await this.images.ownedImages(userId, after, 500);
      all.push(...batch);
      if (batch.length < 500) return all;
      after = batch[batch.length - 1].id;
    }
  }

  /** A real generation with the local engine, shared to the community (D14), as the editor sends it. */
  private async generate(session: HttpSession, edit: DemoEdit): Promise<string> {
    const bytes = fs.readFileSync(path.join(DEMO_PHOTOS_DIR, edit.photo));
    const form = new FormData();
    form.append('image', new Blob([bytes], { type: edit.photo.endsWith('.png') ? 'image/png' : 'image/jpeg' }), edit.photo);
    form.append('prompt', edit.prompt);
    form.append('style', edit.style);
    form.append('share', 'true');
    const answer = await this.expect(session.postForm('/api/generate', form), 200, `Editing ${edit.photo}`);
    return (answer.body as { id: string }).id;
  }

  /** Anonymous laughs from `seed-visitor-1` … (D15: one per identifier, so a second run adds none). */
  private async laughs(imageId: string, edit: DemoEdit): Promise<void> {
    const visitor = new HttpSession(this.base);
    let added = 0;
    for (let n = 1; n <= edit.laughs; n++) {
      const identifier = visitorIdentifier(n);
      const state = await this.expect(visitor.get(`/api/images/${imageId}/has-laughed?userIdentifier=${identifier}`), 200, 'Reading a laugh');
      if ((state.body as { hasLaughed: boolean }).hasLaughed) continue;
      await this.expect(visitor.post(`/api/images/${imageId}/add-laugh`, { userIdentifier: identifier }), 200, `Laughing at ${edit.photo}`);
      added++;
    }
    if (added === 0) this.record('found', `${edit.laughs} laughs on the ${edit.photo} edit`);
    else this.record('created', `${added} of ${edit.laughs} laughs on the ${edit.photo} edit`);
  }

  private async expect(pending: Promise<HttpAnswer>, status: number, what: string): Promise<HttpAnswer> {
    const answer = await pending;
    if (answer.status !== status) throw new SeedFailedError(`${what} failed: ${describeAnswer(answer)}`);
    return answer;
  }
}

function seeded(account: { user: IdentityUser; passwordWorks: boolean }, spec: SeedAccount): SeededAccount {
  return {
    id: account.user.id,
    email: account.user.email,
    username: account.user.username,
    password: spec.password,
    defaultPassword: spec.defaultPassword,
    passwordWorks: account.passwordWorks,
  };
}
