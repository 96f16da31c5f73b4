// The community node (packages/n8n-nodes-image-studio), built with n8n's node tool and loaded from its dist as n8n
// loads an installed package, run by n8n's own engine against the real API (sandbox provider, a real database).

import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToken, createUser, startTestServer, type TestServer } from '@app/api/testing';
import type { IBinaryKeyData, INode, INodeParameters } from 'n8n-workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityCredential } from './community.ts';
import { fill, loadCommunityPackage, N8nHost, type WorkflowJson } from './engine.ts';

const PACKAGE_DIR = join(import.meta.dirname, '../../packages/n8n-nodes-image-studio');
const NODE_TYPE = 'n8n-nodes-image-studio.imageStudio';
const generatePrice = 7;
const editPrice = 9;
const PNG_SIGNATURE = '89504e470d0a1a0a';

const trigger: INode = {
  id: 'trigger',
  name: 'Start',
  type: 'n8n-nodes-base.manualTrigger',
  typeVersion: 1,
  position: [0, 0],
  parameters: {},
};

/** A node of the package with the credential picked, as an n8n user would set it up. */
function studioNode(name: string, parameters: INodeParameters, extra: Partial<INode> = {}): INode {
  return {
    id: name.toLowerCase().replace(/\W+/g, '-'),
    name,
    type: NODE_TYPE,
    typeVersion: 1,
    position: [0, 0],
    parameters: { options: { pollInterval: 1 }, ...parameters },
    credentials: { imageStudioApi: { id: 'cred-1', name: 'Image Studio' } },
    ...extra,
  };
}

/** Start -> each node in turn. */
function chain(...nodes: INode[]): WorkflowJson {
  const all = [trigger, ...nodes];
  const connections: WorkflowJson['connections'] = {};
  for (const [index, node] of all.slice(0, -1).entries()) {
    connections[node.name] = { main: [[{ node: all[index + 1]!.name, type: 'main', index: 0 }]] };
  }
  return { name: 'Image Studio node', nodes: all, connections };
}

const generate = (name = 'Generate', extra: Partial<INode> = {}) =>
  studioNode(name, { operation: 'generate', prompt: 'A red fox in snow', imageSize: '16:9', outputFormat: 'png' }, extra);

interface Proxy {
  url: string;
  dropped: number;
  /** Each request's path, when it arrived and when its answer was sent (ms since the epoch). */
  seen: { path: string; at: number; done: number }[];
  server: Server;
}

/** Forwards to the API, noting each request; the first answer to `dropPath` is thrown away after the API handled it (a lost answer). */
async function proxy(target: string, dropPath?: string): Promise<Proxy> {
  const state: Proxy = { url: '', dropped: 0, seen: [], server: createServer() };
  state.server.on('request', (req, res) => {
    const seen = { path: req.url ?? '', at: Date.now(), done: 0 };
    state.seen.push(seen);
    res.on('finish', () => {
      seen.done = Date.now();
    });
    const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
      if (req.url === dropPath && state.dropped === 0) {
        state.dropped++;
        answer.resume();
        answer.on('end', () => req.socket.destroy());
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => state.server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(state.server.address() as AddressInfo).port}`;
  return state;
}

const closeProxy = (running: Proxy) => new Promise<void>((resolve) => running.server.close(() => resolve()));

describe('n8n-nodes-image-studio, run by n8n', () => {
  let n8n: N8nHost;
  let server: TestServer;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    // The package's own build (n8n-node build: tsc and the icons into dist/), then n8n's way of loading it.
    execFileSync(join(PACKAGE_DIR, 'node_modules/.bin/n8n-node'), ['build'], { cwd: PACKAGE_DIR, stdio: 'pipe' });
    expect(loadCommunityPackage(PACKAGE_DIR)).toEqual({ nodeTypes: [NODE_TYPE], credentialTypes: ['imageStudioApi'] });
    n8n = await N8nHost.start();
    server = await startTestServer({ studio: { sandboxDelayMs: 0, pollMinMs: 50, pollMaxMs: 200 } });
    // API prices unlike the studio's, so each charge shows which call was used.
    await server.orm.em
      .fork()
      .execute(`update "admin_settings" set "nano_banana_api_price" = ?, "nano_banana_edit_api_price" = ?`, [generatePrice, editPrice]);
    const user = await createUser(server, { credits: 200 });
    userId = user.id;
    token = await createToken(server, user, 'n8n node');
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await n8n?.close();
  });

  const credential = (baseUrl = server.url, apiToken = token) => ({ imageStudioApi: { baseUrl, apiToken } });

  async function credits(): Promise<number | undefined> {
    const [row] = await server.orm.em.fork().execute<{ credits: number }[]>('select "credits" from "users" where "id" = ?', [userId]);
    return row?.credits;
  }

  async function tasks(): Promise<{ task_id: string; credits_used: number; status: string }[]> {
    return server.orm.em
      .fork()
      .execute('select "task_id", "credits_used", "status" from "image_tasks" where "user_id" = ? order by "created_at"', [userId]);
  }

  /** The binary property n8n received: a PNG with the task's name. */
  function expectPng(binary: IBinaryKeyData | undefined, taskId: unknown) {
    const file = binary?.data;
    expect(file?.mimeType).toBe('image/png');
    expect(file?.fileName).toBe(`${String(taskId)}.png`);
    expect(
      Buffer.from(file?.data ?? '', 'base64')
        .subarray(0, 8)
        .toString('hex'),
    ).toBe(PNG_SIGNATURE);
  }

  it("the credential's test request answers 200 for the token and 401 for a wrong one", async () => {
    const type = communityCredential('imageStudioApi');
    if (!type?.test) throw new Error('The credential declares no test request');
    const { request } = type.test;
    const { headers } = (type.authenticate as { properties: { headers: Record<string, string> } }).properties;
    const call = async (apiToken: string) => {
      const values = { baseUrl: server.url, apiToken };
      const url = `${fill(String(request.baseURL), values)}${request.url}`;
      return fetch(url, { method: request.method, headers: { Authorization: fill(headers.Authorization!, values) } });
    };
    const good = await call(token);
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ userId, credits: await credits() });
    expect((await call('nbk_not-a-real-token')).status).toBe(401);
  });

  it('generates, waits for completion and outputs the image URL and the image as binary data', async () => {
    const before = await credits();
    const run = await n8n.run(chain(generate()), credential());
    expect(run.error).toBeUndefined();
    const [out] = run.output('Generate');
    expect(out).toMatchObject({
      status: 'completed',
      type: 'text_to_image',
      taskId: expect.stringMatching(/^tsk_/),
      imageUrl: expect.stringMatching(/^http/),
      aspectRatio: '16:9',
      creditsUsed: generatePrice,
    });
    expectPng(run.binary('Generate')[0], out?.taskId);
    expect(await credits()).toBe((before ?? 0) - generatePrice);
  });

  it('edits from a binary reference (the generated image) and a URL, through the file upload call', async () => {
    const edit = studioNode('Edit', {
      operation: 'edit',
      prompt: 'Give the fox a red scarf',
      references: {
        image: [
          { source: 'binary', binaryPropertyName: 'data' },
          { source: 'url', url: '={{ $json.imageUrl }}' },
        ],
      },
    });
    const before = await credits();
    const run = await n8n.run(chain(generate(), edit), credential());
    expect(run.error).toBeUndefined();
    const [generated] = run.output('Generate');
    const [out] = run.output('Edit');
    // That call answers with the image once ready (no task id); the charge is the edit's API price.
    expect(out).toMatchObject({ status: 'completed', type: 'edit_image', prompt: 'Give the fox a red scarf', creditsUsed: editPrice });
    expect(out?.imageUrl).toMatch(/^http/);
    expect(out?.imageUrl).not.toBe(generated?.imageUrl);
    expectPng(run.binary('Edit')[0], 'image');
    const [edited] = await server.orm.em
      .fork()
      .execute<{ generation_type: string; credits_used: number; input_image_urls: string[] | string }[]>(
        'select "generation_type", "credits_used", "input_image_urls" from "image_tasks" where "user_id" = ? order by "created_at" desc limit 1',
        [userId],
      );
    expect(edited).toMatchObject({ generation_type: 'edit_image', credits_used: editPrice });
    const inputs = edited?.input_image_urls ?? [];
    // Both references reached the task: the binary one and the downloaded URL.
    expect(Array.isArray(inputs) ? inputs.length : inputs.split(',').length).toBe(2);
    expect(await credits()).toBe((before ?? 0) - generatePrice - editPrice);
  });

  it('edits from image URLs through the automation API', async () => {
    const edit = studioNode('Edit', {
      operation: 'edit',
      prompt: 'Make it night',
      references: { image: [{ source: 'url', url: '={{ $json.imageUrl }}' }] },
      options: { pollInterval: 1, download: false },
    });
    const run = await n8n.run(chain(generate(), edit), credential());
    expect(run.error).toBeUndefined();
    expect(run.output('Edit')[0]).toMatchObject({ status: 'completed', type: 'edit_image', creditsUsed: editPrice, imageUrl: /^http/ });
    // Download off: JSON only.
    expect(run.binary('Edit')[0]).toBeUndefined();
  });

  it('makes several images in one request (n): one item per image, each waited for and downloaded, one batch', async () => {
    const before = await credits();
    const run = await n8n.run(
      chain(
        generate('Generate', { parameters: { operation: 'generate', prompt: 'Three foxes', imageCount: 3, options: { pollInterval: 1 } } }),
      ),
      credential(),
    );
    expect(run.error).toBeUndefined();
    const out = run.output('Generate');
    expect(out).toHaveLength(3);
    const batchId = out[0]?.batchId;
    expect(batchId).toEqual(expect.any(String));
    for (const [index, item] of out.entries()) {
      expect(item).toMatchObject({
        status: 'completed',
        type: 'text_to_image',
        prompt: 'Three foxes',
        batchId,
        batchCreditsUsed: 3 * generatePrice,
        creditsUsed: generatePrice,
        statusUrl: expect.stringContaining(`/api/n8n/image-status/${String(item.taskId)}`),
      });
      expectPng(run.binary('Generate')[index], item.taskId);
    }
    expect(new Set(out.map((item) => item.taskId)).size).toBe(3);
    expect(new Set(out.map((item) => item.imageUrl)).size).toBe(3);
    expect(await credits()).toBe((before ?? 0) - 3 * generatePrice);
  });

  it('edits into two images from a binary reference (n through the file upload call), and queues two without waiting', async () => {
    const edit = studioNode('Edit', {
      operation: 'edit',
      prompt: 'Two scarves',
      imageCount: 2,
      references: { image: [{ source: 'binary', binaryPropertyName: 'data' }] },
    });
    const before = await credits();
    const run = await n8n.run(chain(generate(), edit), credential());
    expect(run.error).toBeUndefined();
    const out = run.output('Edit');
    expect(out).toHaveLength(2);
    for (const item of out) expect(item).toMatchObject({ status: 'completed', type: 'edit_image', batchCreditsUsed: 2 * editPrice });
    expect(new Set(out.map((item) => item.imageUrl)).size).toBe(2);
    expect(run.binary('Edit')).toHaveLength(2);
    expect(await credits()).toBe((before ?? 0) - generatePrice - 2 * editPrice);

    const queued = studioNode('Edit', {
      operation: 'edit',
      prompt: 'Two hats',
      imageCount: 2,
      waitForCompletion: false,
      references: { image: [{ source: 'url', url: '={{ $json.imageUrl }}' }] },
    });
    const later = await n8n.run(chain(generate(), queued), credential());
    expect(later.error).toBeUndefined();
    const [first, second, ...rest] = later.output('Edit');
    expect(rest).toEqual([]);
    expect(first).toMatchObject({ status: 'processing', type: 'edit_image', batchId: expect.any(String), batchCreditsUsed: 2 * editPrice });
    expect(second).toMatchObject({ status: 'processing', batchId: first?.batchId });
    expect(second?.taskId).not.toBe(first?.taskId);
  });

  it('upscales x4 a generated image', async () => {
    const upscale = studioNode('Upscale', { operation: 'upscale', imageUrl: '={{ $json.imageUrl }}', scaleRatio: 4 });
    const run = await n8n.run(chain(generate(), upscale), credential());
    expect(run.error).toBeUndefined();
    const [out] = run.output('Upscale');
    expect(out).toMatchObject({ status: 'completed', type: 'upscale', prompt: 'Upscale x4', imageUrl: expect.stringMatching(/^http/) });
    expectPng(run.binary('Upscale')[0], out?.taskId);
  });

  it('gets the balance, and a task by its id', async () => {
    const submitted = await n8n.run(
      chain(generate('Generate', { parameters: { operation: 'generate', prompt: 'A kite', waitForCompletion: false } })),
      credential(),
    );
    const [queued] = submitted.output('Generate');
    expect(queued).toMatchObject({ status: 'processing', taskId: expect.stringMatching(/^tsk_/) });
    expect(submitted.binary('Generate')[0]).toBeUndefined();

    const run = await n8n.run(chain(studioNode('Balance', { operation: 'getBalance' })), credential());
    expect(run.output('Balance')).toEqual([{ userId, username: expect.any(String), credits: await credits() }]);

    await expect.poll(async () => (await tasks()).find((task) => task.task_id === queued?.taskId)?.status).toBe('completed');
    const got = await n8n.run(chain(studioNode('Task', { operation: 'getTask', taskId: String(queued?.taskId) })), credential());
    expect(got.output('Task')[0]).toMatchObject({ taskId: queued?.taskId, status: 'completed', prompt: 'A kite' });
    expectPng(got.binary('Task')[0], queued?.taskId);
  });

  it('stops on a failed task with its reason and refund, or outputs the error with Continue On Fail', async () => {
    const before = await credits();
    const failing = (extra: Partial<INode> = {}) =>
      generate('Generate', {
        parameters: { operation: 'generate', prompt: 'A fox [sandbox:fail]', options: { pollInterval: 1 } },
        ...extra,
      });
    const stopped = await n8n.run(chain(failing()), credential());
    expect(stopped.status).toBe('error');
    expect(stopped.error).toMatch(/^The task failed: /);
    expect(stopped.errorDescription).toMatch(new RegExp(`^Task tsk_\\S+\\. ${generatePrice} credits were refunded\\.$`));
    const continued = await n8n.run(chain(failing({ onError: 'continueRegularOutput' })), credential());
    expect(continued.status).toBe('success');
    expect(continued.output('Generate')).toEqual([{ error: stopped.error }]);
    // Both tasks were refunded by the studio.
    expect(await credits()).toBe(before);
  });

  it('stops with the API problem when the token is wrong, and charges nothing', async () => {
    const before = await credits();
    const run = await n8n.run(chain(generate()), credential(server.url, 'nbk_not-a-real-token'));
    expect(run.status).toBe('error');
    expect(run.error).toBe('Authentication required (401)');
    expect(run.errorDescription).toContain('A valid API token is required');
    expect(run.output('Generate')).toEqual([]);
    expect(await credits()).toBe(before);
  });

  it('stops with the API problem when the balance is below the price: a NodeApiError with its title and detail, nothing charged, no task', async () => {
    const poor = await createUser(server, { credits: generatePrice - 4 });
    const poorToken = await createToken(server, poor, 'n8n node');
    const taskCount = async () =>
      (
        await server.orm.em.fork().execute<{ n: number }[]>('select count(*)::int as "n" from "image_tasks" where "user_id" = ?', [poor.id])
      )[0]?.n;
    const run = await n8n.run(chain(generate()), credential(server.url, poorToken));
    expect(run.status).toBe('error');
    expect(run.error).toBe('Insufficient credits (402)');
    expect(run.errorDescription).toBe(`This costs ${generatePrice} credits and your balance is ${generatePrice - 4}.`);
    expect(run.errorDetails).toMatchObject({
      name: 'NodeApiError',
      httpCode: '402',
      response: { status: 402, code: 'insufficient_credits', title: 'Insufficient credits' },
    });
    expect(run.output('Generate')).toEqual([]);
    const [row] = await server.orm.em.fork().execute<{ credits: number }[]>('select "credits" from "users" where "id" = ?', [poor.id]);
    expect(row?.credits).toBe(generatePrice - 4);
    expect(await taskCount()).toBe(0);
  });

  it('with Wait for Completion off, outputs the queued task at once: its id, status and status URL', async () => {
    const recorder = await proxy(server.url);
    try {
      const node = generate('Generate', { parameters: { operation: 'generate', prompt: 'A quick fox', waitForCompletion: false } });
      const run = await n8n.run(chain(node), credential(recorder.url));
      expect(run.error).toBeUndefined();
      const [out] = run.output('Generate');
      expect(out).toMatchObject({
        taskId: expect.stringMatching(/^tsk_/),
        status: 'processing',
        type: 'text_to_image',
        creditsUsed: generatePrice,
        statusUrl: expect.stringMatching(/\/api\/n8n\/image-status\/tsk_/),
      });
      expect(String(out?.statusUrl).endsWith(`/api/n8n/image-status/${String(out?.taskId)}`)).toBe(true);
      expect(run.binary('Generate')[0]).toBeUndefined();
      // Only the submission: no status was asked for.
      expect(recorder.seen.map(({ path }) => path)).toEqual(['/api/n8n/generate']);
      // The status URL is the API's own and answers with the task.
      const status = await fetch(String(out?.statusUrl), { headers: { Authorization: `Bearer ${token}` } });
      expect(status.status).toBe(200);
      expect(await status.json()).toMatchObject({ taskId: out?.taskId });
    } finally {
      await closeProxy(recorder);
    }
  });

  it('polls with growing waits (x1.5 from the first interval), stops at the timeout and outputs the task id with status processing', async () => {
    const slow = await startTestServer({ studio: { sandboxDelayMs: 60_000 } });
    const recorder = await proxy(slow.url);
    try {
      const owner = await createUser(slow, { credits: 100 });
      const slowToken = await createToken(slow, owner, 'n8n node');
      const node = generate('Generate', {
        parameters: { operation: 'generate', prompt: 'A slow fox', options: { timeout: 8, pollInterval: 1 } },
      });
      const started = Date.now();
      const run = await n8n.run(chain(node), credential(recorder.url, slowToken));
      const took = Date.now() - started;
      expect(run.error).toBeUndefined();
      const [out] = run.output('Generate');
      expect(out).toMatchObject({ status: 'processing', taskId: expect.stringMatching(/^tsk_/), imageUrl: null });
      expect(run.binary('Generate')[0]).toBeUndefined();
      // It waited (with sleep) about as long as asked, not the task's minute.
      expect(took).toBeGreaterThanOrEqual(8_000);
      expect(took).toBeLessThan(30_000);
      // Checks at once, then after waits of 1 s, 1.5 s, 2.25 s, ... (a wait is the time from one answer to the next
      // question, so the server's own time does not count).
      const polls = recorder.seen.filter(({ path }) => path === `/api/n8n/image-status/${String(out?.taskId)}`);
      expect(polls.length).toBeGreaterThanOrEqual(4);
      const waits = polls.slice(1).map(({ at }, index) => at - polls[index]!.done);
      expect(waits[0]).toBeGreaterThanOrEqual(990);
      expect(waits[1]).toBeGreaterThanOrEqual(1_490);
      expect(waits[2]).toBeGreaterThanOrEqual(2_240);
      // Growing, not one long wait: each about 1.5 times the one before (half of each step as margin).
      expect(waits[1]! - waits[0]!).toBeGreaterThan(250);
      expect(waits[2]! - waits[1]!).toBeGreaterThan(375);
    } finally {
      await closeProxy(recorder);
      await slow.close();
    }
  });

  it('charges once when a whole execution is run again with its own Idempotency Key', async () => {
    const before = await credits();
    const tasksBefore = (await tasks()).length;
    const node = () =>
      generate('Generate', {
        parameters: {
          operation: 'generate',
          prompt: 'An order',
          options: { idempotencyKey: '=order-{{ 40 + 2 }}', pollInterval: 1, download: false },
        },
      });
    const first = await n8n.run(chain(node()), credential());
    const again = await n8n.run(chain(node()), credential());
    expect(first.output('Generate')[0]).toMatchObject({ status: 'completed' });
    expect(first.output('Generate')[0]?.replayed).toBeUndefined();
    expect(again.output('Generate')[0]).toMatchObject({ status: 'completed', replayed: true, taskId: first.output('Generate')[0]?.taskId });
    expect((await tasks()).length).toBe(tasksBefore + 1);
    expect(await credits()).toBe((before ?? 0) - generatePrice);
  });

  it('charges once when n8n retries the item after the answer was lost', async () => {
    const lossy = await proxy(server.url, '/api/n8n/generate');
    try {
      const before = await credits();
      const tasksBefore = (await tasks()).length;
      const node = generate('Generate', { retryOnFail: true, maxTries: 2, waitBetweenTries: 100 });
      const run = await n8n.run(chain(node), credential(lossy.url));
      expect(lossy.dropped).toBe(1);
      expect(run.error).toBeUndefined();
      // The second try sent the same Idempotency-Key: the API replayed the first submission.
      expect(run.output('Generate')[0]).toMatchObject({ status: 'completed', replayed: true });
      expect((await tasks()).length).toBe(tasksBefore + 1);
      expect(await credits()).toBe((before ?? 0) - generatePrice);
    } finally {
      await closeProxy(lossy);
    }
  });
});

// n8n's verification lint on the packed tarball (packages/n8n-nodes-image-studio/scripts/scan-tarball.mjs): the real
// package passes, and a planted violation in a copy of its extracted files fails it.
describe('scan-tarball: n8n community package rules on the packed tarball', () => {
  const script = join(PACKAGE_DIR, 'scripts/scan-tarball.mjs');
  let temp: string;
  let tarball: string;
  let extracted: string;

  const scan = (target: string) => {
    const run = spawnSync(process.execPath, [script, target], { cwd: PACKAGE_DIR, encoding: 'utf8' });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  };

  /** A copy of the extracted package with one file changed. */
  const planted = (name: string, change: (folder: string) => void) => {
    const folder = join(temp, name);
    cpSync(extracted, folder, { recursive: true });
    change(folder);
    return folder;
  };

  beforeAll(() => {
    temp = mkdtempSync(join(tmpdir(), 'image-studio-scan-'));
    // pnpm pack runs the package's prepack (n8n-node build), as publishing would.
    execFileSync('pnpm', ['pack', '--pack-destination', temp], { cwd: PACKAGE_DIR, stdio: 'pipe' });
    tarball = join(temp, readdirSync(temp).find((name) => name.endsWith('.tgz')) ?? 'missing.tgz');
    execFileSync('tar', ['-xzf', tarball, '-C', temp]);
    extracted = join(temp, 'package');
  }, 120_000);
  afterAll(() => {
    if (temp) rmSync(temp, { recursive: true, force: true });
  });

  it('the packed package passes: compiled JS and package.json, no finding', () => {
    const result = scan(tarball);
    expect(result.output).toMatch(/scan-tarball: 8 file\(s\) of the packed package pass/);
    expect(result.status).toBe(0);
  });

  it('finds a setTimeout planted in the built JS and exits 1', () => {
    const folder = planted('with-set-timeout', (dir) =>
      appendFileSync(join(dir, 'dist/nodes/ImageStudio/tasks.js'), '\nsetTimeout(() => undefined, 10);\n'),
    );
    const result = scan(folder);
    expect(result.status).toBe(1);
    expect(result.output).toContain('dist/nodes/ImageStudio/tasks.js');
    expect(result.output).toContain("Use of restricted global 'setTimeout' is not allowed");
    expect(result.output).toContain('@n8n/community-nodes/no-restricted-globals');
    expect(result.output).toContain('scan-tarball: 1 finding(s)');
  });

  it('finds a runtime dependency planted in the packed package.json and exits 1', () => {
    const folder = planted('with-dependency', (dir) => {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...manifest, dependencies: { axios: '1.18.0' } }, null, 2));
    });
    const result = scan(folder);
    expect(result.status).toBe(1);
    expect(result.output).toContain('@n8n/community-nodes/no-runtime-dependencies');
  });
});
