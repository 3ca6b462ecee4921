import request from 'supertest';
import { buyLocally, createBillingApp, signedInUser, type TestUser } from '../billing/billing-helpers';
import { generate, grant, sql } from '../generation/generation-helpers';
import { smallJpeg } from '../support/images';
import type { TestApp } from '../support/test-app';
import { unzip } from './privacy-helpers';

interface DataJson {
  generatedAt: string;
  account: Record<string, unknown>;
  entitlement: { tier: string; isSubscribed: boolean };
  subscriptions: Array<Record<string, unknown>>;
  invoices: Array<Record<string, unknown>>;
  credits: { balance: number; regular: number; watermarked: number };
  ledger: Array<{ id: string; type: string; credits: number; purchaseAmountCents: number | null; paymentId: string | null }>;
  images: Array<{
    id: string;
    prompt: string;
    status: string;
    isPublic: boolean;
    isSaved: boolean;
    isFavorite: boolean;
    laughCount: number;
    file: string | null;
    originalFile: string | null;
  }>;
}

/**
 * D35 "Download my data": GET /api/user/export through the whole app, read back with an
 * independent zip reader. The zip holds data.json (account, entitlement, subscriptions, every
 * ledger row, every image) and each image file byte for byte as the app serves it; nothing of
 * anyone else; 3 an hour; signed in only.
 */
describe('GET /api/user/export', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let publicId: string;
  let privateId: string;
  let otherImageId: string;

  async function image(user: TestUser, prompt: string, share: boolean): Promise<string> {
    await grant(t, user.id, { regular: 1 });
    const res = await generate(user.agent, { image: await smallJpeg(400, 300), prompt, share: String(share) }).expect(200);
    return res.body.id as string;
  }

  function download(agent: TestUser['agent']): request.Test {
    return agent.get('/api/user/export').responseType('blob');
  }

  beforeAll(async () => {
    t = await createBillingApp();
    owner = await signedInUser(t);
    other = await signedInUser(t);
    await buyLocally(owner, { pack: 'pack7' });
    await buyLocally(owner, { tier: 'starter' });
    publicId = await image(owner, 'make it black and white', true);
    privateId = await image(owner, 'make it sepia', false);
    await owner.agent.post(`/api/images/${privateId}/save`).expect(200);
    await owner.agent.post(`/api/images/${privateId}/favorite`).send({ isFavorite: true }).expect(200);
    otherImageId = await image(other, 'make it black and white', true);
    // Someone laughs at the owner's public image; the owner laughs at the other's (as themselves).
    await request(t.http).post(`/api/images/${publicId}/add-laugh`).send({ userIdentifier: 'anon_1700000000000_abc' }).expect(200);
    await owner.agent.post(`/api/images/${otherImageId}/add-laugh`).send({ userIdentifier: owner.id }).expect(200);
  });
  afterAll(() => t.close());

  it('answers a zip named for today, never cached', async () => {
    const res = await download(owner.agent).expect(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="magic-editor-data-${new Date().toISOString().slice(0, 10)}.zip"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const files = await unzip(res.body as Buffer);
    expect([...files.keys()].sort()).toEqual(
      ['data.json', `images/${publicId}.jpg`, `images/${privateId}.jpg`, `originals/${publicId}.jpg`, `originals/${privateId}.jpg`].sort(),
    );
  });

  it("holds data.json with the account, the plan, every ledger row and every image, and only the owner's", async () => {
    const files = await unzip((await download(owner.agent).expect(200)).body as Buffer);
    const text = files.get('data.json')!.toString('utf8');
    const data = JSON.parse(text) as DataJson;

    expect(Date.parse(data.generatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(data.account).toEqual({
      id: owner.id,
      email: owner.email,
      username: expect.any(String),
      firstName: null,
      lastName: null,
      createdAt: expect.any(String),
      emailVerified: true,
    });
    const [account] = await sql<{ username: string; created_at: Date }>(t, `SELECT username, created_at FROM "user" WHERE id = $1`, [owner.id]);
    expect(data.account.username).toBe(account.username);
    expect(data.account.createdAt).toBe(account.created_at.toISOString());

    expect(data.entitlement).toEqual({ tier: 'starter', isSubscribed: true });
    expect(data.subscriptions).toEqual([expect.objectContaining({ tier: 'starter', planName: 'Starter', status: 'active', provider: 'local', endedAt: null })]);
    expect(data.invoices).toEqual([expect.objectContaining({ status: 'paid', amountPaidCents: 1900 })]);

    const ledger = await sql<{ id: string; credits: number; purchase_amount: number | null }>(
      t,
      `SELECT id, credits, purchase_amount FROM credit_transaction WHERE user_id = $1 ORDER BY created_at, id`,
      [owner.id],
    );
    expect(ledger.length).toBeGreaterThanOrEqual(4); // the pack, the plan's credits, two test grants, two uses
    expect(data.ledger.map((r) => r.id).sort()).toEqual(ledger.map((r) => r.id).sort());
    expect(data.ledger).toContainEqual(expect.objectContaining({ type: 'purchase', credits: 7, purchaseAmountCents: 500 }));
    expect(data.ledger).toContainEqual(expect.objectContaining({ type: 'subscription', credits: 45, purchaseAmountCents: 1900 }));
    expect(data.credits.balance).toBe(7 + 45);

    expect(data.images.map((i) => i.id).sort()).toEqual([publicId, privateId].sort());
    expect(data.images.find((i) => i.id === publicId)).toMatchObject({
      prompt: 'make it black and white',
      status: 'completed',
      isPublic: true,
      isSaved: false,
      laughCount: 1,
      file: `images/${publicId}.jpg`,
      originalFile: `originals/${publicId}.jpg`,
    });
    expect(data.images.find((i) => i.id === privateId)).toMatchObject({ isPublic: false, isSaved: true, isFavorite: true, laughCount: 0 });

    // Nothing of the other user: not their image, not their account.
    expect(text).not.toContain(otherImageId);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain(other.id);
  });

  it('holds each image byte for byte as /api/images/{id} and /original serve it', async () => {
    const files = await unzip((await download(owner.agent).expect(200)).body as Buffer);
    for (const id of [publicId, privateId]) {
      const served = await owner.agent.get(`/api/images/${id}`).responseType('blob').expect(200);
      const original = await owner.agent.get(`/api/images/${id}/original`).responseType('blob').expect(200);
      expect(files.get(`images/${id}.jpg`)!.equals(served.body as Buffer)).toBe(true);
      expect(files.get(`originals/${id}.jpg`)!.equals(original.body as Buffer)).toBe(true);
    }
  });

  it("gives the other user only their own image", async () => {
    const files = await unzip((await download(other.agent).expect(200)).body as Buffer);
    expect([...files.keys()].sort()).toEqual(['data.json', `images/${otherImageId}.jpg`, `originals/${otherImageId}.jpg`]);
    const data = JSON.parse(files.get('data.json')!.toString('utf8')) as DataJson;
    expect(data.account.id).toBe(other.id);
    expect(data.images.map((i) => i.id)).toEqual([otherImageId]);
    // The owner's laugh is counted on the other's image, but names nobody.
    expect(data.images[0].laughCount).toBe(1);
    expect(JSON.stringify(data)).not.toContain(owner.id);
    expect(data.entitlement).toEqual({ tier: 'free', isSubscribed: false });
    expect(data.subscriptions).toEqual([]);
  });

  it('allows 3 downloads an hour, then answers 429 PRIVACY.TOO_MANY_EXPORTS', async () => {
    const user = await signedInUser(t);
    for (let i = 0; i < 3; i++) await download(user.agent).expect(200);
    const refused = await user.agent.get('/api/user/export').expect(429);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    expect(refused.body).toMatchObject({ code: 'PRIVACY.TOO_MANY_EXPORTS', message: expect.stringMatching(/^You can download your data 3 times an hour\. Please try again in \d+ minutes?\.$/) });
    // Another user's limit is their own.
    await download(other.agent).expect(200);
  });

  it('refuses anonymous callers (401)', async () => {
    const res = await request(t.http).get('/api/user/export').expect(401);
    expect(res.body).toMatchObject({ code: 'AUTH.REQUIRED' });
  });
});
