import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import WebSocket from 'ws';
import { REPORTS_API, type ReportsApi } from '../../src/modules/reports';
import { fingerprintOfFile } from '../../src/shared/fingerprint/image-fingerprint';
import { auditRows, createAdminApp, lastAuditId, signedInAdmin, totalOf } from '../administration/admin-helpers';
import { balanceOf, createReplicateGenerationApp, generate, signedInUser, sql, type TestUser } from '../generation/generation-helpers';
import type { FakeReplicate } from '../support/fake-replicate';
import { newUser } from '../support/fixtures';
import { mailsTo } from '../support/outbox';
import { photo } from '../support/images';
import type { TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

/**
 * D43 through the HTTP API of a whole app (local engine, PostgreSQL store): reporting a public
 * image (every actor, the limits, no existence leak), the urgent reasons hiding it from every
 * public place including live clients, dismissal restoring it, and a takedown deleting the image
 * and its copies, blocking the photo (exact and perceptual hash) for later uploads and outputs
 * at no credit, telling owners and reporters. The object store's side: reports-s3.int-spec.ts.
 */
describe('reports and takedown (D43)', () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  let reporter: TestUser;
  const from = (ip: string) => ({ 'X-Forwarded-For': ip });
  let nextIp = 1;
  /** A fresh visitor address (each has its own 10-an-hour allowance). */
  const visitor = () => `198.51.100.${nextIp++}`;

  beforeAll(async () => {
    // A built client of one page, so /share/{id} answers the HTML a link preview reads (issue 15).
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'magic-reports-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Magic Editor</title></head><body><div id="root"></div></body></html>');
    t = await createAdminApp({ listen: true, env: { TRUST_PROXY: 'true', FRONTEND_DIST_DIR: dist } });
    admin = await signedInAdmin(t);
    owner = await signedInUser(t, { regular: 40 });
    reporter = await signedInUser(t, { regular: 5 });
  });
  afterAll(async () => {
    await t?.close();
  });

  const anonymous = () => request(t.http);
  const feedIds = async () => ((await anonymous().get('/api/community/recent?limit=50').expect(200)).body as Array<{ id: string }>).map((e) => e.id);
  const leaderboardIds = async () => ((await anonymous().get('/api/leaderboard?limit=50').expect(200)).body as Array<{ id: string }>).map((e) => e.id);
  const report = (id: string, body: unknown, ip = visitor(), agent: { post(url: string): request.Test } = anonymous()) =>
    agent.post(`/api/images/${id}/report`).set(from(ip)).send(body as object);

  async function publicEdit(user: TestUser, image: Buffer, prompt = 'make it black and white'): Promise<string> {
    const res = await generate(user.agent, { image, prompt, share: 'true' });
    if (res.status !== 200) throw new Error(`generate: ${res.status} ${JSON.stringify(res.body)}`);
    const id = res.body.id as string;
    await waitFor('the new edit in the feed', async () => (await feedIds()).includes(id));
    return id;
  }

  describe('POST /api/images/{id}/report', () => {
    let target: string;
    beforeAll(async () => {
      target = await publicEdit(owner, photo('coffee.png'), 'make it warmer');
    });

    it('takes a visitor’s report and a signed-in user’s, each once; the queue shows both, never an address', async () => {
      const ip = visitor();
      const first = await report(target, { reason: 'copyright', details: '  my photo  ' }, ip).expect(201);
      expect(first.body).toEqual({ id: expect.any(String), imageId: target, reason: 'copyright', status: 'open', createdAt: expect.any(String), hiddenPendingReview: false });
      expect(first.headers['cache-control']).toBe('no-store');
      // Once per reporter: the same address again (any reason), and the same account from two addresses.
      expect((await report(target, { reason: 'other' }, ip).expect(409)).body.code).toBe('REPORT.ALREADY_REPORTED');
      await report(target, { reason: 'impersonation' }, visitor(), reporter.agent).expect(201);
      expect((await report(target, { reason: 'other' }, visitor(), reporter.agent).expect(409)).body.code).toBe('REPORT.ALREADY_REPORTED');

      const queue = await admin.agent.get('/api/admin/reports').expect(200);
      expect(totalOf(queue)).toBe(1);
      const [entry] = queue.body;
      expect(entry).toMatchObject({ imageId: target, ownerId: owner.id, ownerEmail: owner.email, ownerSuspended: false, prompt: 'make it warmer', overdue: false, hiddenPendingReview: false });
      expect(new Date(entry.deadline).getTime() - new Date(entry.firstReportedAt).getTime()).toBe(48 * 3600 * 1000);
      expect(entry.reports.map((r: { reason: string; details: string | null; reporterUserId: string | null }) => [r.reason, r.details, r.reporterUserId])).toEqual([
        ['copyright', 'my photo', null],
        ['impersonation', null, reporter.id],
      ]);
      // The address itself is stored nowhere.
      expect(await sql(t, `SELECT 1 FROM image_report WHERE reporter_key LIKE $1`, [`%${ip}%`])).toEqual([]);
      // Not urgent: still public.
      expect(await feedIds()).toContain(target);
      // The signed-in reporter sees it under review.
      const mine = await reporter.agent.get('/api/reports').expect(200);
      expect(mine.body).toEqual([{ id: expect.any(String), imageId: target, reason: 'impersonation', createdAt: expect.any(String), status: 'open', decidedAt: null }]);
    });

    it('every actor may report: an unverified and a paying account as themselves, a suspended one as a visitor (its session no longer counts, D21)', async () => {
      const actors = {
        unverified: await newUser(t, { verified: false }),
        paid: await newUser(t, { plan: 'starter' }),
        suspended: await newUser(t, { suspended: true }),
      };
      for (const [name, actor] of Object.entries(actors)) {
        const res = await report(target, { reason: 'other', details: name }, visitor(), actor.agent).expect(201);
        const [row] = await sql<{ reporter_user_id: string | null; reporter_key: string }>(t, `SELECT reporter_user_id, reporter_key FROM image_report WHERE id = $1`, [res.body.id]);
        if (name === 'suspended') expect([name, row.reporter_user_id, row.reporter_key.startsWith('ip:')]).toEqual([name, null, true]);
        else expect([name, row.reporter_user_id, row.reporter_key]).toEqual([name, actor.id, `user:${actor.id}`]);
      }
      // The admin too (as themselves).
      await report(target, { reason: 'other' }, visitor(), admin.agent).expect(201);
      await actors.unverified.agent.get('/api/reports').expect(200);
    });

    it('answers a private, unknown or malformed image like its share page (404), and checks the body (400)', async () => {
      const privateEdit = (await generate(owner.agent, { image: photo('rocket.jpg'), prompt: 'make it black and white', share: 'false' }).expect(200)).body.id as string;
      for (const id of [privateEdit, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        expect((await report(id, { reason: 'other' }).expect(404)).body.code).toBe('IMAGE.NOT_FOUND');
      }
      // Its owner's share page is no wiser.
      await anonymous().get(`/api/images/${privateEdit}/share`).expect(404);
      for (const body of [{}, { reason: 'spam' }, { reason: 'other', details: 'x'.repeat(1001) }, { reason: 'other', details: 5 }, { reason: ['ncii'] }]) {
        expect((await report(target, body).expect(400)).body.code).toBe('VALIDATION.FAILED');
      }
      await report(target, { reason: 'other', details: 'y'.repeat(1000) }).expect(201);
      expect(await sql(t, `SELECT 1 FROM image_report WHERE image_id = $1 AND reason = 'spam'`, [privateEdit])).toEqual([]);
    });

    it('lets one address send 10 reports an hour, counting refused ones', async () => {
      const ip = visitor();
      await report(target, { reason: 'other' }, ip).expect(201);
      for (let i = 0; i < 9; i++) await report('00000000-0000-4000-8000-000000000000', { reason: 'other' }, ip).expect(404);
      expect((await report(target, { reason: 'harassment' }, ip).expect(429)).body.code).toBe('REPORT.TOO_MANY');
      // Another address is not affected.
      await report(target, { reason: 'harassment' }, visitor()).expect(201);
    });
  });

  describe('urgent reasons (ncii, minor) hide the image from every public place at once', () => {
    it.each(['ncii', 'minor'])('%s: feed, Hall of Fame, share page, link preview and live clients; dismissal brings it back', async (reason) => {
      const id = await publicEdit(owner, photo('astronaut.png'), `add the caption "urgent ${reason}"`);
      await anonymous().post(`/api/images/${id}/add-laugh`).send({ userIdentifier: `fan-${reason}` }).expect(200);
      await waitFor('the laughed image on the leaderboard', async () => (await leaderboardIds()).includes(id));
      const live = await openSocket(t);
      const got: Array<{ type: string; data: { id: string } }> = [];
      live.on('message', (data) => got.push(JSON.parse(String(data))));

      const sharePage = () => anonymous().get(`/share/${id}`).set('Accept', 'text/html').expect('Content-Type', /html/);
      expect((await sharePage()).text).toContain(`/api/images/${id}`);
      const res = await report(id, { reason }).expect(201);
      expect(res.body.hiddenPendingReview).toBe(true);
      await waitFor('the feed to drop it', async () => !(await feedIds()).includes(id));
      expect(await leaderboardIds()).not.toContain(id);
      await anonymous().get(`/api/images/${id}/share`).expect(404);
      await anonymous().get(`/api/images/${id}`).expect(404);
      // The link preview (the share page's HTML, D42's Open Graph tags) shows nothing of it.
      expect((await sharePage()).text).not.toContain(`/api/images/${id}`);
      await waitFor('live clients to be told', async () => got.some((m) => m.type === 'community_edit_removed' && m.data.id === id));
      live.close();
      // A second report of an image that is no longer public: the same 404 as its share page.
      await report(id, { reason: 'other' }).expect(404);
      // The owner still sees their own image.
      await owner.agent.get(`/api/images/${id}`).expect(200);

      const queued = (await admin.agent.get('/api/admin/reports?limit=100').expect(200)).body.find((c: { imageId: string }) => c.imageId === id);
      expect(queued).toMatchObject({ hiddenPendingReview: true, reports: [expect.objectContaining({ reason })] });
      const audited = await lastAuditId(t);
      const dismissed = await admin.agent.post(`/api/admin/reports/${id}/dismiss`).send({ reason: 'consenting adult, own photo' }).expect(200);
      expect(dismissed.body).toEqual({ imageId: id, outcome: 'dismissed', restored: true });
      await waitFor('the feed to show it again', async () => (await feedIds()).includes(id));
      await anonymous().get(`/api/images/${id}/share`).expect(200);
      expect((await auditRows(t, audited)).map((r) => [r.action, r.target_id, r.reason, r.outcome, r.details])).toEqual([
        ['report.dismiss', id, 'consenting adult, own photo', 'succeeded', { restored: true }],
      ]);
      // Its owner, who saw it hidden, is told it is back (not who reported it).
      await waitFor('the owner’s mail', async () => mailsTo(t.outboxDir, owner.email).some((m) => /visible again/.test(m.subject) && m.text.includes(`urgent ${reason}`)));
      // Decided: a second decision finds nothing open.
      expect((await admin.agent.post(`/api/admin/reports/${id}/dismiss`).send({}).expect(404)).body.code).toBe('REPORT.NOT_FOUND');
    });
  });

  describe('take down', () => {
    it('deletes the image and its copies, blocks the photo for uploads (also altered) at no credit, tells the owners and the reporter', async () => {
      const blocked = photo('chelsea.png');
      const other = await signedInUser(t, { regular: 10 });
      const reported = await publicEdit(owner, blocked, 'add the caption "the reported one"');
      // Copies on the site: another user's edit of the same photo, and a further edit of the reported one (D38).
      const copy = (await generate(other.agent, { image: blocked, prompt: 'make it black and white', share: 'false' }).expect(200)).body.id as string;
      const chained = (await generate(owner.agent, { sourceImageId: reported, prompt: 'make it black and white', share: 'false' }).expect(200)).body.id as string;
      const unrelated = await publicEdit(other, photo('rocket.jpg'), 'add the caption "an unrelated one"');

      await report(reported, { reason: 'harassment', details: 'this is me' }, visitor(), reporter.agent).expect(201);
      const audited = await lastAuditId(t);
      const res = await admin.agent.post(`/api/admin/reports/${reported}/take-down`).send({ reason: 'harassment confirmed' }).expect(200);
      expect(res.body).toEqual({ imageId: reported, outcome: 'taken_down', imagesRemoved: 3, hashesBlocked: expect.any(Number) });

      // Every file: rows (with their bytes), renditions and laughs.
      for (const id of [reported, copy, chained]) {
        expect(await sql(t, `SELECT 1 FROM image WHERE id = $1`, [id])).toEqual([]);
        expect(await sql(t, `SELECT 1 FROM image_rendition WHERE image_id = $1`, [id])).toEqual([]);
        await owner.agent.get(`/api/images/${id}`).expect(404);
      }
      expect(await sql(t, `SELECT 1 FROM image WHERE id = $1`, [unrelated])).toHaveLength(1);
      await waitFor('the feed to drop it', async () => !(await feedIds()).includes(reported));
      expect((await auditRows(t, audited)).map((r) => [r.action, r.target_id, r.reason, r.outcome, r.details])).toEqual([
        ['report.take-down', reported, 'harassment confirmed', 'succeeded', { imagesRemoved: 3, hashesBlocked: res.body.hashesBlocked }],
      ]);
      // Owners are told; the reporter sees the outcome; nothing names the reporter to the owner.
      await waitFor('the owners’ mails', async () => mailsTo(t.outboxDir, owner.email).some((m) => /removed/.test(m.subject)) && mailsTo(t.outboxDir, other.email).some((m) => /removed/.test(m.subject)));
      const toOwner = mailsTo(t.outboxDir, owner.email).find((m) => /removed/.test(m.subject))!;
      expect(toOwner.text).toContain('add the caption "the reported one"');
      expect(toOwner.text).not.toContain(reporter.email);
      const mine = (await reporter.agent.get('/api/reports').expect(200)).body.find((r: { imageId: string }) => r.imageId === reported);
      expect(mine).toMatchObject({ status: 'taken_down', decidedAt: expect.any(String) });

      // The photo again: as it was, and resized to 50 %, JPEG quality 60, cropped by 2 %.
      const before = await balanceOf(t, other.id);
      const imagesBefore = await sql(t, `SELECT id FROM image WHERE user_id = $1 ORDER BY id`, [other.id]);
      const again = await generate(other.agent, { image: blocked, filename: 'again.png', contentType: 'image/png', prompt: 'make it warmer' }).expect(422);
      expect(again.body).toMatchObject({ code: 'IMAGE.BLOCKED', message: "This image can't be used." });
      const altered = await resizedRecompressedCropped(blocked);
      expect((await generate(other.agent, { image: altered, prompt: 'make it warmer' }).expect(422)).body.code).toBe('IMAGE.BLOCKED');
      expect(await balanceOf(t, other.id)).toEqual(before);
      expect(await sql(t, `SELECT id FROM image WHERE user_id = $1 ORDER BY id`, [other.id])).toEqual(imagesBefore);
      // Another photo still works.
      await generate(other.agent, { image: photo('coffee.png'), filename: 'c.png', contentType: 'image/png', prompt: 'make it warmer' }).expect(200);

      // The export of both sides (D35).
      const ownerReports = await t.app.get<ReportsApi>(REPORTS_API).exportFor(owner.id);
      expect(ownerReports.reportsAboutYourImages.find((c) => c.imageId === reported)).toMatchObject({ status: 'taken_down', reasons: ['harassment'] });
      const reporterReports = await t.app.get<ReportsApi>(REPORTS_API).exportFor(reporter.id);
      expect(reporterReports.reportsMade.find((r) => r.imageId === reported)).toMatchObject({ status: 'taken_down', details: 'this is me' });
    });

    it('accepts 50 different photos after a takedown (none within 6 bits of the blocked one)', async () => {
      const reports = t.app.get<ReportsApi>(REPORTS_API);
      const different = await fiftyDifferentPhotos();
      expect(different).toHaveLength(50);
      const verdicts = await Promise.all(different.map(async (bytes) => reports.isBlocked(await fingerprintOfFile(bytes))));
      expect(verdicts.filter(Boolean)).toEqual([]);
      // And through the upload itself, a few of them.
      const user = await signedInUser(t, { regular: 3 });
      for (const bytes of different.slice(0, 3)) await generate(user.agent, { image: bytes, prompt: 'make it warmer' }).expect(200);
    });
  });

  describe('who may work the queue', () => {
    it('refuses every actor but an admin, and changes nothing', async () => {
      const id = await publicEdit(owner, photo('rocket.jpg'), 'add the caption "queue rights"');
      await report(id, { reason: 'other' }).expect(201);
      const user = await signedInUser(t, { regular: 1 });
      for (const agent of [anonymous(), user.agent, owner.agent]) {
        await agent.get('/api/admin/reports').expect((r) => expect([401, 403]).toContain(r.status));
        await agent.post(`/api/admin/reports/${id}/take-down`).send({}).expect((r) => expect([401, 403]).toContain(r.status));
        await agent.post(`/api/admin/reports/${id}/dismiss`).send({}).expect((r) => expect([401, 403]).toContain(r.status));
      }
      expect(await sql(t, `SELECT status FROM image_report_case WHERE image_id = $1`, [id])).toEqual([{ status: 'open' }]);
      expect(await sql(t, `SELECT 1 FROM image WHERE id = $1`, [id])).toHaveLength(1);
      await anonymous().get('/api/reports').expect(401);
    });

    it('GET /api/reports answers each account its own reports only; signed out or suspended: 401', async () => {
      const id = await publicEdit(owner, photo('rocket.jpg'), 'add snow falling, whose reports');
      const mine = await signedInUser(t, { regular: 1 });
      const other = await signedInUser(t, { regular: 1 });
      const filed = (await report(id, { reason: 'copyright' }, visitor(), mine.agent).expect(201)).body.id as string;
      expect((await mine.agent.get('/api/reports').expect(200)).body.map((r: { id: string }) => r.id)).toEqual([filed]);
      expect((await other.agent.get('/api/reports').expect(200)).body).toEqual([]);
      expect((await admin.agent.get('/api/reports').expect(200)).body.map((r: { id: string }) => r.id)).not.toContain(filed);
      const suspended = await newUser(t, { suspended: true });
      await suspended.agent.get('/api/reports').expect(401);
      await anonymous().get('/api/reports').expect(401);
    });

    it('refuses a bad decision without deciding or auditing anything: a reason over 500 characters (400), a malformed or unknown id (404)', async () => {
      const id = await publicEdit(owner, photo('coffee.png'), 'add snow falling, bad decisions');
      await report(id, { reason: 'other' }).expect(201);
      const audited = await lastAuditId(t);
      for (const action of ['take-down', 'dismiss']) {
        expect((await admin.agent.post(`/api/admin/reports/${id}/${action}`).send({ reason: 'x'.repeat(501) }).expect(400)).body.code).toBe('VALIDATION.FAILED');
        expect((await admin.agent.post(`/api/admin/reports/${id}/${action}`).send({ reason: 42 }).expect(400)).body.code).toBe('VALIDATION.FAILED');
        for (const bad of ['not-an-id', '00000000-0000-4000-8000-000000000000']) {
          expect((await admin.agent.post(`/api/admin/reports/${bad}/${action}`).send({ reason: 'r' }).expect(404)).body.code).toBe('REPORT.NOT_FOUND');
        }
      }
      expect(await sql(t, `SELECT status FROM image_report_case WHERE image_id = $1`, [id])).toEqual([{ status: 'open' }]);
      expect(await sql(t, `SELECT 1 FROM image WHERE id = $1`, [id])).toHaveLength(1);
      // An unknown well-formed id is an attempt on record (D32: every admin action, failed ones too); nothing else is.
      expect((await auditRows(t, audited)).map((r) => [r.action, r.outcome, r.error])).toEqual([
        ['report.take-down', 'failed', 'REPORT.NOT_FOUND'],
        ['report.dismiss', 'failed', 'REPORT.NOT_FOUND'],
      ]);
    });

    it('two admins taking the same image down at once: one decides, the other is told it is decided; nothing is left half done', async () => {
      const id = await publicEdit(owner, photo('coffee.png'), 'add the caption "twice at once"');
      await report(id, { reason: 'other' }).expect(201);
      const [one, two] = await Promise.all([
        admin.agent.post(`/api/admin/reports/${id}/take-down`).send({ reason: 'a' }),
        admin.agent.post(`/api/admin/reports/${id}/take-down`).send({ reason: 'b' }),
      ]);
      expect([one.status, two.status].sort()).toEqual([200, 404]);
      expect(await sql(t, `SELECT status FROM image_report_case WHERE image_id = $1`, [id])).toEqual([{ status: 'taken_down' }]);
      expect(await sql(t, `SELECT 1 FROM image WHERE id = $1`, [id])).toEqual([]);
    });
  });
});

describe('reports and takedown: the block list is checked after the model too (D43)', () => {
  let t: TestApp;
  let replicate: FakeReplicate;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, replicate, close } = await createReplicateGenerationApp());
  });
  afterAll(async () => {
    await close?.();
  });

  it('refuses an output that matches a taken-down image, at no credit and leaving no image', async () => {
    const user = await signedInUser(t, { regular: 3 });
    const blocked = await fingerprintOfFile(photo('astronaut.png'));
    const reports = t.app.get<ReportsApi>(REPORTS_API);
    await sql(t, `INSERT INTO image_block (id, sha256, phash, image_id) VALUES (gen_random_uuid(), $1, $2, gen_random_uuid())`, [
      'f'.repeat(64),
      BigInt.asIntN(64, blocked.phash).toString(),
    ]);
    // Distance 6 is the blocked picture; 7 is not.
    expect(await reports.isBlocked({ sha256: '0'.repeat(64), phash: blocked.phash ^ 0b111111n })).toBe(true);
    expect(await reports.isBlocked({ sha256: '0'.repeat(64), phash: blocked.phash ^ 0b1111111n })).toBe(false);
    // The upload (the rocket) is fine; the model answers with the blocked picture.
    replicate.setDefault({ kind: 'succeed', image: await sharp(photo('astronaut.png')).jpeg({ quality: 80 }).toBuffer(), contentType: 'image/jpeg' });
    const before = await balanceOf(t, user.id);
    const res = await generate(user.agent, { image: photo('rocket.jpg'), prompt: 'make it black and white' }).expect(422);
    expect(res.body).toMatchObject({ code: 'IMAGE.BLOCKED', message: "This image can't be used." });
    expect(await balanceOf(t, user.id)).toEqual(before);
    expect(await sql(t, `SELECT 1 FROM image WHERE user_id = $1`, [user.id])).toEqual([]);
    // Any other answer of the model is served.
    replicate.setDefault({ kind: 'succeed' });
    await generate(user.agent, { image: photo('rocket.jpg'), prompt: 'make it black and white' }).expect(200);
  });
});

function openSocket(t: TestApp): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${t.baseUrl!.replace('http', 'ws')}/ws`);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** What someone re-uploading a taken-down photo might do: 50 % size, JPEG quality 60, 2 % cropped off (1 % each side). */
export async function resizedRecompressedCropped(bytes: Buffer): Promise<Buffer> {
  const { width, height } = await sharp(bytes).metadata();
  const half = await sharp(bytes).resize(Math.round(width! / 2)).jpeg({ quality: 60 }).toBuffer();
  const m = await sharp(half).metadata();
  const cx = Math.round(m.width! * 0.02);
  const cy = Math.round(m.height! * 0.02);
  return sharp(half)
    .extract({ left: Math.round(cx / 2), top: Math.round(cy / 2), width: m.width! - cx, height: m.height! - cy })
    .jpeg({ quality: 60 })
    .toBuffer();
}

/**
 * 50 photos that are not the blocked one (chelsea.png): the other sample photos, each also
 * mirrored, turned upside down and cut into quarters and a centre, and local-engine-like
 * variations (grey, inverted, blurred, a colour wash) of those.
 */
async function fiftyDifferentPhotos(): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (const name of ['rocket.jpg', 'coffee.png', 'astronaut.png'] as const) {
    const bytes = photo(name);
    const { width, height } = await sharp(bytes).metadata();
    const w = width!;
    const h = height!;
    const variants = [
      sharp(bytes),
      sharp(bytes).flop(),
      sharp(bytes).rotate(180),
      sharp(bytes).negate({ alpha: false }),
      sharp(bytes).tint('#3366ff'),
      sharp(bytes).extract({ left: 0, top: 0, width: Math.floor(w / 2), height: Math.floor(h / 2) }),
      sharp(bytes).extract({ left: Math.floor(w / 2), top: 0, width: Math.floor(w / 2), height: Math.floor(h / 2) }),
      sharp(bytes).extract({ left: 0, top: Math.floor(h / 2), width: Math.floor(w / 2), height: Math.floor(h / 2) }),
      sharp(bytes).extract({ left: Math.floor(w / 2), top: Math.floor(h / 2), width: Math.floor(w / 2), height: Math.floor(h / 2) }),
      sharp(bytes).extract({ left: Math.floor(w / 4), top: Math.floor(h / 4), width: Math.floor(w / 2), height: Math.floor(h / 2) }),
      sharp(bytes).flip(),
      sharp(bytes).rotate(90),
      sharp(bytes).extract({ left: 0, top: 0, width: Math.floor(w / 2), height: h }),
      sharp(bytes).extract({ left: Math.floor(w / 2), top: 0, width: Math.floor(w / 2), height: h }),
      sharp(bytes).extract({ left: 0, top: 0, width: w, height: Math.floor(h / 2) }),
      sharp(bytes).extract({ left: 0, top: Math.floor(h / 2), width: w, height: Math.floor(h / 2) }),
    ];
    for (const v of variants) out.push(await v.jpeg({ quality: 85 }).toBuffer());
  }
  // Two plain pictures drawn here.
  out.push(await sharp({ create: { width: 640, height: 480, channels: 3, background: '#204080' } }).composite([{ input: Buffer.from('<svg width="640" height="480"><circle cx="200" cy="240" r="150" fill="#f0c040"/></svg>') }]).jpeg().toBuffer());
  out.push(await sharp({ create: { width: 640, height: 480, channels: 3, background: '#f0f0f0' } }).composite([{ input: Buffer.from('<svg width="640" height="480"><rect x="300" y="40" width="300" height="400" fill="#802020"/></svg>') }]).jpeg().toBuffer());
  return out;
}
