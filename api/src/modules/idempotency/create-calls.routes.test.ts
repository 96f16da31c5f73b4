// Every create call, web and automation, honours Idempotency-Key the same way: three sends with one key make one
// effect and one charge (the second and third replay the first answer), another body with the key is 422, two
// sends at once run once, and the same key of another user is that user's own.
import type { Problem } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, createUser, signIn, type TestResponse, type TestUser } from '../../../test/index.ts';
import { type ImageHost, startImageHost } from '../automation/testing/image-host.ts';
import { Order } from '../billing/index.ts';
import { type PaymentsKit, startPaymentsKit } from '../billing/testing.ts';
import { findLedgerMismatches } from '../ledger/index.ts';
import { ImageTask } from '../studio/index.ts';
import { ledgerOf, pngDataUrl } from '../studio/testing/kit.ts';
import { ApiToken } from '../tokens/index.ts';
import { IdempotencyKey } from './idempotency-key.entity.ts';

let kit: PaymentsKit;
let host: ImageHost;

beforeAll(async () => {
  host = await startImageHost();
  kit = await startPaymentsKit({ studio: { allowPrivateFetchFor: [host.host] }, config: { automationRatePerMinute: 1000 } });
});
afterAll(async () => {
  await kit?.close();
  await host?.close();
});

interface Caller extends TestUser {
  cookie: string;
  token: string;
  /** An image of this user's uploads, for edits and upscales. */
  upload: string;
}

async function caller(): Promise<Caller> {
  const user = await createUser(kit.server, { credits: 100 });
  const cookie = await signIn(kit.server, user);
  const uploaded = await kit.server.request<{ urls: string[] }>('POST', '/api/upload-images', {
    cookie,
    body: { images: [await pngDataUrl()] },
  });
  expect(uploaded.status).toBe(201);
  return { ...user, cookie, token: await createToken(kit.server, user), upload: uploaded.body.urls[0]! };
}

/** What a create call left behind for a user: the things it makes and the credits it charged. */
async function effects(userId: string) {
  const em = kit.server.orm.em.fork();
  const usage = (await ledgerOf(kit.server.orm, userId)).filter((row) => row.type === 'usage');
  return {
    tasks: await em.count(ImageTask, { user: userId }),
    charges: usage.length,
    uploads: Number((await em.execute<{ n: string }[]>('select count(*) as n from "uploads" where "user_id" = ?', [userId]))[0]?.n),
    orders: await em.count(Order, { user: userId }),
    tokens: await em.count(ApiToken, { user: userId }),
  };
}

interface CreateCall {
  name: string;
  send(who: Caller, key: string, variant?: string): Promise<TestResponse<unknown>>;
  /** What one effective call adds. */
  makes: Partial<Awaited<ReturnType<typeof effects>>>;
}

type Body = (who: Caller, variant: string) => unknown;

const web =
  (path: string, body: Body) =>
  async (who: Caller, key: string, variant = 'a') =>
    kit.server.request('POST', path, { cookie: who.cookie, headers: { 'idempotency-key': key }, body: await body(who, variant) });
const automation =
  (path: string, body: Body) =>
  async (who: Caller, key: string, variant = 'a') =>
    kit.server.request('POST', path, {
      headers: { authorization: `Bearer ${who.token}`, 'idempotency-key': key },
      body: await body(who, variant),
    });

const CALLS: CreateCall[] = [
  {
    name: 'generate (text)',
    send: web('/api/generate-image', (_, v) => ({ prompt: `A kite over the sea ${v}` })),
    makes: { tasks: 1, charges: 1 },
  },
  {
    name: 'generate (edit)',
    send: web('/api/generate-image', (who, v) => ({
      prompt: `Add a hat ${v}`,
      model: 'nano_banana_edit',
      generationType: 'edit_image',
      inputImageUrls: [who.upload],
    })),
    makes: { tasks: 1, charges: 1 },
  },
  {
    name: 'upscale',
    send: web('/api/upscale-image', (who, v) => ({ imageUrl: who.upload, scaleRatio: v === 'a' ? 2 : 4 })),
    makes: { tasks: 1, charges: 1 },
  },
  {
    name: 'upload',
    send: web('/api/upload-images', async (_, v) => ({ images: [await pngDataUrl(32, 32, v === 'a' ? '#aa3311' : '#11aa33')] })),
    makes: { uploads: 1 },
  },
  {
    name: 'card checkout',
    send: web('/api/creem/checkout', (_, v) => ({ packageId: v === 'a' ? kit.packageId : crypto.randomUUID() })),
    makes: { orders: 1 },
  },
  {
    name: 'PayPal order',
    send: web('/paypal/order', (_, v) => ({ packageId: v === 'a' ? kit.packageId : crypto.randomUUID() })),
    makes: { orders: 1 },
  },
  { name: 'API token', send: web('/api/user-tokens', (_, v) => ({ name: `n8n ${v}` })), makes: { tokens: 1 } },
  {
    name: 'automation generate',
    send: automation('/api/n8n/generate', (_, v) => ({ input: { prompt: `A lamp ${v}` } })),
    makes: { tasks: 1, charges: 1 },
  },
  {
    name: 'automation edit',
    send: automation('/api/n8n/edit-image', (_, v) => ({ input: { prompt: `A scarf ${v}`, image_urls: [`${host.url}/cat.png`] } })),
    makes: { tasks: 1, charges: 1 },
  },
  {
    name: 'automation upscale',
    send: automation('/api/n8n/upscale', (_, v) => ({ input: { image_url: `${host.url}/cat.png`, scale_ratio: v === 'a' ? 2 : 3 } })),
    makes: { tasks: 1, charges: 1 },
  },
];

const added = (before: Record<string, number>, after: Record<string, number>) =>
  Object.fromEntries(Object.keys(after).flatMap((name) => (after[name] !== before[name] ? [[name, after[name]! - before[name]!]] : [])));

describe.each(CALLS)('Idempotency-Key on $name', (call) => {
  it('three sends with one key make one effect and one charge; the repeats replay the first answer', async () => {
    const who = await caller();
    const before = await effects(who.id);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await call.send(who, 'one-intent'));
    const [first, ...repeats] = answers as [TestResponse<unknown>, ...TestResponse<unknown>[]];
    expect(first.status).toBeGreaterThanOrEqual(200);
    expect(first.status).toBeLessThan(300);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    for (const repeat of repeats) {
      expect(repeat.status).toBe(first.status);
      expect(repeat.body).toEqual(first.body);
      expect(repeat.headers.get('idempotent-replayed')).toBe('true');
    }
    expect(added(before, await effects(who.id))).toEqual(call.makes);
    expect(await findLedgerMismatches(kit.server.orm.em.fork())).toEqual([]);
  });

  it('refuses the key with another body (422) and does nothing', async () => {
    const who = await caller();
    await call.send(who, 'reused');
    const before = await effects(who.id);
    const other = await call.send(who, 'reused', 'b');
    expect(other.status).toBe(422);
    expect((other.body as Problem).code).toBe('idempotency_key_reused');
    expect(await effects(who.id)).toEqual(before);
  });

  it('runs three sends at once once: the others are 409 in progress or a replay', async () => {
    const who = await caller();
    const before = await effects(who.id);
    const answers = await Promise.all([1, 2, 3].map(() => call.send(who, 'at-once')));
    const done = answers.filter((a) => a.status < 300);
    expect(done.length).toBeGreaterThan(0);
    for (const a of done) expect(a.body).toEqual(done[0]!.body);
    for (const a of answers.filter((a) => a.status >= 300)) {
      expect(a.status).toBe(409);
      expect((a.body as Problem).code).toBe('idempotency_in_progress');
      expect(a.headers.get('retry-after')).toBe('1');
    }
    expect(added(before, await effects(who.id))).toEqual(call.makes);
  });

  it("keys per user: another user's same key is their own call", async () => {
    const [one, two] = [await caller(), await caller()];
    const before = await effects(two.id);
    const a = await call.send(one, 'shared-key');
    const b = await call.send(two, 'shared-key');
    expect(b.status).toBe(a.status);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(added(before, await effects(two.id))).toEqual(call.makes);
  });
});

describe('stored answers', () => {
  it('are encrypted at rest: a new API token is never stored in the clear', async () => {
    const who = await caller();
    const res = await kit.server.request<{ token: string }>('POST', '/api/user-tokens', {
      cookie: who.cookie,
      headers: { 'idempotency-key': 'token-at-rest' },
      body: { name: 'at rest' },
    });
    expect(res.status).toBe(201);
    const row = await kit.server.orm.em.fork().findOneOrFail(IdempotencyKey, { user: who.id, key: 'token-at-rest' });
    expect(row.responseBody).toMatch(/^v1:/);
    expect(row.responseBody).not.toContain(res.body.token);
  });
});
