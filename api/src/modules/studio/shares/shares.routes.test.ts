// Public links as an owner and a stranger meet them: only the owner turns a link on or off; the link is unguessable,
// dies at once when revoked and is new when shared again; the public page previews in chats (Open Graph, Twitter card)
// and shows only what is shared (no ids, no owner name, no storage keys), with its image bytes through the token alone (local folder and S3 alike).
import { randomBytes } from 'node:crypto';
import type { AuditEvent, Board, Problem, Share, ShareState } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../../../../test/index.ts';
import { startTestS3, type TestS3 } from '../../../../test/s3-server.ts';
import { thumbnailKeyFor } from '../../../images/thumbnail.ts';
import type { ImageTask } from '../tasks/image-task.entity.ts';
import { insertTask, reloadTask, userWithCredits } from '../testing/kit.ts';

type Caller = { id: string; cookie: string; username: string };

describe.each(['local', 's3'] as const)('sharing (%s storage)', (kind) => {
  let s3: TestS3 | undefined;
  let server: TestServer;
  let alice: Caller;
  let bob: Caller;
  let image: ImageTask;
  let imageBytes: Buffer;
  let imageKey: string;

  beforeAll(async () => {
    if (kind === 's3') s3 = await startTestS3();
    server = await startTestServer({ config: { role: 'web', ...(s3 && { storage: s3.storage({ prefix: 'shares/' }) }) } });
    const a = await userWithCredits(server.orm, 0);
    const b = await userWithCredits(server.orm, 0);
    alice = { id: a.id, username: a.username, cookie: await signIn(server, a) };
    bob = { id: b.id, username: b.username, cookie: await signIn(server, b) };
    ({ task: image, bytes: imageBytes, key: imageKey } = await storedTask(alice.id, 'a secret banana astronaut'));
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  /** A completed task of `userId` whose result (and its thumbnail) hold random bytes in storage. */
  async function storedTask(userId: string, prompt: string, overrides: Partial<ImageTask> = {}) {
    const key = `results/${randomBytes(16).toString('base64url')}/0.png`;
    const bytes = randomBytes(300);
    await server.studio.storage.put(key, bytes, 'image/png');
    await server.studio.storage.put(thumbnailKeyFor(key), randomBytes(100), 'image/webp');
    const task = await insertTask(server.orm, userId, { prompt, resultUrls: [server.studio.storage.publicUrl(key)], ...overrides });
    return { task, bytes, key };
  }

  const share = (caller: Caller, path: string, body: unknown = { showPrompt: false }) =>
    server.request<Share>('PUT', `${path}/share`, { cookie: caller.cookie, body });
  const shareOf = (caller: Caller, path: string) => server.request<ShareState>('GET', `${path}/share`, { cookie: caller.cookie });
  const unshare = (caller: Caller, path: string) => server.request('DELETE', `${path}/share`, { cookie: caller.cookie });
  /** The public side: no cookie, outside the contract. */
  const open = (path: string) => server.request('GET', path, { validate: false });
  const bytesOf = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const pathOf = (url: string) => new URL(url).pathname;
  const taskPath = (task: ImageTask) => `/api/image-tasks/${task.taskId}`;

  it('shares a completed image with an unguessable link, idempotently, and only for its owner', async () => {
    const first = await share(alice, taskPath(image));
    expect(first.status).toBe(200);
    expect(first.body.showPrompt).toBe(false);
    const token = pathOf(first.body.url).replace(/^\/s\//, '');
    // 144 random bits in base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(first.body.url).toBe(`${server.config.publicUrl || server.url}/s/${token}`);
    expect((await reloadTask(server.orm, image.id)).isPublic).toBe(true);

    // Again (and with the prompt shown): the same link.
    const again = await share(alice, taskPath(image), { showPrompt: true });
    expect(again.body).toMatchObject({ url: first.body.url, showPrompt: true, createdAt: first.body.createdAt });
    expect((await shareOf(alice, taskPath(image))).body).toEqual({ share: again.body });

    // Another user cannot see, make or end it: 404, as for a task that does not exist.
    for (const res of [await share(bob, taskPath(image)), await shareOf(bob, taskPath(image)), await unshare(bob, taskPath(image))]) {
      expect(res.status).toBe(404);
    }
    expect((await open(pathOf(first.body.url))).status).toBe(200);
    await share(alice, taskPath(image), { showPrompt: false });
  });

  it('refuses a share or an unshare from a foreign origin (403 csrf_rejected), and changes nothing', async () => {
    const { task } = await storedTask(alice.id, 'guarded');
    const headers = { origin: 'https://evil.example' };
    const put = await server.request<Problem>('PUT', `${taskPath(task)}/share`, {
      cookie: alice.cookie,
      headers,
      body: { showPrompt: true },
    });
    expect(put.status).toBe(403);
    expect(put.body.code).toBe('csrf_rejected');
    expect((await shareOf(alice, taskPath(task))).body).toEqual({ share: null });
    const link = (await share(alice, taskPath(task))).body.url;
    expect((await server.request('DELETE', `${taskPath(task)}/share`, { cookie: alice.cookie, headers })).status).toBe(403);
    expect((await shareOf(alice, taskPath(task))).body.share?.url).toBe(link);
    expect((await open(pathOf(link))).status).toBe(200);
  });

  it('refuses an image that is not completed (409) and bad input (400), and changes nothing', async () => {
    const { task: pending } = await storedTask(alice.id, 'still running', { status: 'generating', completedAt: null });
    const res = await share(alice, taskPath(pending));
    expect(res.status).toBe(409);
    expect((res.body as unknown as Problem).code).toBe('task_not_completed');
    expect((await shareOf(alice, taskPath(pending))).body).toEqual({ share: null });

    for (const body of [{}, { showPrompt: 'yes' }, { showPrompt: true, extra: 1 }]) {
      const bad = await share(alice, taskPath(pending), body);
      expect(bad.status).toBe(400);
      expect(bad.headers.get('content-type')).toContain('application/problem+json');
    }
    const before = (await shareOf(alice, taskPath(image))).body;
    const bad = await share(alice, taskPath(image), { showPrompt: 1 });
    expect(bad.status).toBe(400);
    expect((await shareOf(alice, taskPath(image))).body).toEqual(before);
    expect((await reloadTask(server.orm, pending.id)).isPublic).toBe(false);
  });

  it('renders a page with absolute preview tags and nothing of the owner but the image', async () => {
    const link = (await share(alice, taskPath(image), { showPrompt: false })).body.url;
    const page = await open(pathOf(link));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = page.text;
    expect(html).toContain(`<meta property="og:url" content="${link}">`);
    expect(html).toContain(`<meta property="og:image" content="${link}/image">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<meta name="twitter:image" content="${link}/image">`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
    expect(html).toMatch(/<meta property="og:type" content="website">/);
    // The preview image is described as the page's image is; its size is not stored, so it is left out, not guessed.
    const alt = /<img class="share-image" src="[^"]+" alt="([^"]+)">/.exec(html)?.[1];
    expect(alt).toBe('The shared image');
    expect(html).toContain(`<meta property="og:image:alt" content="${alt}">`);
    expect(html).toContain(`<meta name="twitter:image:alt" content="${alt}">`);
    expect(html).not.toMatch(/og:image:(width|height)/);
    for (const secret of [image.taskId, image.id, alice.id, alice.username, imageKey, '/api/', '/files/', 'banana astronaut']) {
      expect(html).not.toContain(secret);
    }
    // With the prompt chosen, the prompt shows (escaped), still without ids.
    await share(alice, taskPath(image), { showPrompt: true });
    const shown = (await open(pathOf(link))).text;
    expect(shown).toContain('a secret banana astronaut');
    expect(shown).not.toContain(image.taskId);
    // Vietnamese for a visitor who prefers it.
    const vi = await server.request('GET', pathOf(link), { validate: false, headers: { 'accept-language': 'vi' } });
    expect(vi.text).toContain('<html lang="vi">');
    await share(alice, taskPath(image), { showPrompt: false });
  });

  it('serves the image bytes through the token only, and stops at once when sharing stops; a new share is a new link', async () => {
    const link = pathOf((await share(alice, taskPath(image))).body.url);
    const served = await bytesOf(`${link}/image`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('no-store');
    expect(served.bytes.equals(imageBytes)).toBe(true);
    // A made-up token of the right shape, and a wrong one: nothing.
    expect((await bytesOf(`/s/${randomBytes(18).toString('base64url')}/image`)).status).toBe(404);
    expect((await bytesOf('/s/short/image')).status).toBe(404);

    expect((await unshare(alice, taskPath(image))).status).toBe(204);
    expect((await reloadTask(server.orm, image.id)).isPublic).toBe(false);
    const gone = await open(link);
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toContain('text/html');
    // The same answer as a link that never existed.
    const never = await open(`/s/${randomBytes(18).toString('base64url')}`);
    expect(never.status).toBe(404);
    expect(never.text).toBe(gone.text);
    expect((await bytesOf(`${link}/image`)).status).toBe(404);
    expect((await shareOf(alice, taskPath(image))).body).toEqual({ share: null });
    // Ending it again is no error.
    expect((await unshare(alice, taskPath(image))).status).toBe(204);

    const renewed = pathOf((await share(alice, taskPath(image))).body.url);
    expect(renewed).not.toBe(link);
    expect((await open(renewed)).status).toBe(200);
    expect((await open(link)).status).toBe(404);
  });

  it('shares a board: only its completed images, newest first, through opaque ids; deleting an image or the board ends it', async () => {
    const board = (await server.request<Board>('POST', '/api/boards', { cookie: alice.cookie, body: { name: 'Shared board' } })).body;
    const now = Date.now();
    const older = await storedTask(alice.id, 'older on board', { createdAt: new Date(now - 60_000) });
    const newer = await storedTask(alice.id, 'newer on board', { createdAt: new Date(now) });
    const failed = await storedTask(alice.id, 'failed on board', { status: 'failed', completedAt: null });
    // An image of hers that is not on the board never shows.
    const offBoard = await storedTask(alice.id, 'not on the board');
    const add = await server.request('POST', `/api/boards/${board.id}/images`, {
      cookie: alice.cookie,
      body: { taskIds: [older.task.taskId, newer.task.taskId, failed.task.taskId] },
    });
    expect(add.status).toBe(200);
    const boardPath = `/api/boards/${board.id}`;
    expect((await share(bob, boardPath)).status).toBe(404);
    const shared = await share(alice, boardPath, { showPrompt: true });
    expect(shared.status).toBe(200);
    const link = pathOf(shared.body.url);

    const html = (await open(link)).text;
    expect(html).toContain('Shared board');
    expect(html.indexOf('newer on board')).toBeGreaterThan(-1);
    expect(html.indexOf('newer on board')).toBeLessThan(html.indexOf('older on board'));
    for (const secret of [
      'failed on board',
      'not on the board',
      offBoard.task.taskId,
      board.id,
      older.task.taskId,
      older.task.id,
      alice.username,
      older.key,
      '/files/',
    ]) {
      expect(html).not.toContain(secret);
    }
    const items = [...html.matchAll(/href="(\/s\/[A-Za-z0-9_-]{24}\/images\/[A-Za-z0-9_-]{22})"/g)].map((m) => m[1] as string);
    expect(items).toHaveLength(2);
    expect(html).toContain(`<meta property="og:image" content="${shared.body.url}/images/`);
    expect(html).toContain('<meta property="og:image:alt" content="Shared board">');
    expect(html).toContain('<meta name="twitter:image:alt" content="Shared board">');
    expect((await bytesOf(items[0] as string)).bytes.equals(newer.bytes)).toBe(true);
    expect((await bytesOf(items[1] as string)).bytes.equals(older.bytes)).toBe(true);
    expect((await bytesOf(`${items[0]}/thumb`)).status).toBe(200);
    // An item id does not open through another link or as an image share.
    expect((await bytesOf(`${link}/images/${'A'.repeat(22)}`)).status).toBe(404);
    expect((await bytesOf(`${link}/image`)).status).toBe(404);

    // Deleting an image takes it off the page.
    expect((await server.request('DELETE', `/api/image-tasks/${newer.task.taskId}`, { cookie: alice.cookie })).status).toBe(204);
    const after = (await open(link)).text;
    expect(after).not.toContain('newer on board');
    expect(after).toContain('older on board');
    expect((await bytesOf(items[0] as string)).status).toBe(404);

    // Deleting the board deletes its share.
    expect((await server.request('DELETE', boardPath, { cookie: alice.cookie })).status).toBe(204);
    expect((await open(link)).status).toBe(404);
  });

  it("records sharing, a changed prompt choice and stopping in the owner's security events, not a repeat", async () => {
    const carol = await userWithCredits(server.orm, 0);
    const owner = { id: carol.id, username: carol.username, cookie: await signIn(server, carol) };
    const events = async () =>
      (await server.request<{ data: AuditEvent[] }>('GET', '/api/user/security-events', { cookie: owner.cookie })).body.data.filter(
        (event) => event.action.startsWith('share.'),
      );
    const { task } = await storedTask(owner.id, 'audited');
    const board = (await server.request<Board>('POST', '/api/boards', { cookie: owner.cookie, body: { name: 'Audited' } })).body;
    await share(owner, taskPath(task));
    await share(owner, taskPath(task));
    await share(owner, taskPath(task), { showPrompt: true });
    await unshare(owner, taskPath(task));
    await unshare(owner, taskPath(task));
    await share(owner, `/api/boards/${board.id}`, { showPrompt: true });
    await unshare(owner, `/api/boards/${board.id}`);
    // A refused change (another user's image) records nothing.
    await share(bob, taskPath(task));

    const log = await events();
    // Entries of one millisecond have no order among them: the set is compared.
    expect(log).toHaveLength(5);
    expect(log.map(({ action, details }) => ({ action, details }))).toEqual(
      expect.arrayContaining([
        { action: 'share.created', details: { taskId: task.taskId, showPrompt: false } },
        { action: 'share.changed', details: { taskId: task.taskId, showPrompt: { before: false, after: true } } },
        { action: 'share.stopped', details: { taskId: task.taskId } },
        { action: 'share.created', details: { boardId: board.id, showPrompt: true } },
        { action: 'share.stopped', details: { boardId: board.id } },
      ]),
    );
    expect(log.every((event) => event.kind === 'security' && event.actor?.id === owner.id && event.subject?.id === owner.id)).toBe(true);
    // The link's token is a secret: never in the log.
    expect(JSON.stringify(log)).not.toMatch(/\/s\//);
  });

  it('deleting a shared image ends its link', async () => {
    const own = await storedTask(alice.id, 'to be deleted');
    const link = pathOf((await share(alice, taskPath(own.task))).body.url);
    expect((await open(link)).status).toBe(200);
    expect((await server.request('DELETE', taskPath(own.task), { cookie: alice.cookie })).status).toBe(204);
    expect((await open(link)).status).toBe(404);
  });

  it('counts the public page against the visitor budget', async () => {
    const res = await open('/s/unknown-token');
    expect(res.status).toBe(404);
    expect(res.headers.get('ratelimit-policy')).toContain('"default"');
  });
});

describe('sharing: the public pages spend the visitor budget', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { role: 'web', apiRatePerMinute: 3 } });
  });
  afterAll(() => server?.close());

  it('answers 429 with Retry-After once an address spent its requests', async () => {
    const token = randomBytes(18).toString('base64url');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${server.url}/s/${token}`)).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const refused = await fetch(`${server.url}/s/${token}/image`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
