import type { AutomationTaskStatus } from '@app/contract';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, createUser, signIn, startTestServer, type TestServer } from '../../../test/index.ts';
import { ImageTask } from '../studio/index.ts';
import { balanceOf, eventually } from '../studio/testing/kit.ts';

describe('MCP server', () => {
  let server: TestServer;
  let token: string;
  let userId: string;
  let client: Client;
  const open: Client[] = [];

  const connect = async (bearer: string) => {
    const mcp = new Client({ name: 'test-agent', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${bearer}` } },
    });
    await mcp.connect(transport);
    open.push(mcp);
    return mcp;
  };
  const call = async (name: string, args: Record<string, unknown> = {}, mcp = client) =>
    (await mcp.callTool({ name, arguments: args })) as CallToolResult;
  const statusOf = (result: CallToolResult) => result.structuredContent as AutomationTaskStatus;

  beforeAll(async () => {
    server = await startTestServer({
      studio: { sandboxDelayMs: 2500, pollMinMs: 50, pollMaxMs: 200 },
      config: { automationRatePerMinute: 1000 },
    });
    const user = await createUser(server, { credits: 100 });
    userId = user.id;
    token = await createToken(server, user);
    client = await connect(token);
  });
  afterAll(async () => {
    await Promise.all(open.map((mcp) => mcp.close()));
    await server?.close();
  });

  it('lists the tools, each with an input and an output schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      ['edit_image', 'generate_image', 'get_balance', 'get_prices', 'get_task', 'list_recent_tasks', 'upscale_image'].sort(),
    );
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
    }
    const generate = tools.find((tool) => tool.name === 'generate_image');
    expect(Object.keys(generate?.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['prompt', 'image_size', 'wait_seconds', 'preview']),
    );
  });

  it('get_balance and get_prices answer structured content and text', async () => {
    const balance = await call('get_balance');
    expect(balance.structuredContent).toMatchObject({ userId, credits: await balanceOf(server.orm, userId) });
    expect(JSON.parse((balance.content[0] as { text: string }).text)).toEqual(balance.structuredContent);
    const prices = await call('get_prices');
    expect(prices.structuredContent).toMatchObject({ text_to_image: 4 });
  });

  it("get_prices answers an admin's new price once the change has answered, as the pricing page does", async () => {
    const admin = await signIn(server, await createUser(server, { isAdmin: true }));
    const change = (nanoBananaApiPrice: number) =>
      server.request('PUT', '/api/admin/settings', { cookie: admin, body: { nanoBananaApiPrice }, headers: { origin: server.url } });
    expect((await change(7)).status).toBe(200);
    try {
      expect((await call('get_prices')).structuredContent).toMatchObject({ text_to_image: 7 });
      expect((await server.request<{ nanoBananaApiPrice: number }>('GET', '/api/pricing/current')).body.nanoBananaApiPrice).toBe(7);
    } finally {
      expect((await change(4)).status).toBe(200);
    }
  });

  it('generate_image waits, reports progress, and returns the image, a link and the status; charged as API', async () => {
    const before = await balanceOf(server.orm, userId);
    const progress: number[] = [];
    const started = Date.now();
    const result = (await client.callTool(
      { name: 'generate_image', arguments: { prompt: 'a red fox in snow', image_size: '16:9' } },
      undefined,
      {
        onprogress: (p) => progress.push(p.progress),
      },
    )) as CallToolResult;
    console.info(`MCP generate_image end to end (sandbox delay 2.5 s): ${Date.now() - started} ms`);
    expect(result.isError).toBeFalsy();
    expect(statusOf(result)).toMatchObject({ status: 'completed', creditsUsed: 4, aspectRatio: '16:9' });
    const image = result.content.find((block) => block.type === 'image');
    expect(image).toMatchObject({ mimeType: 'image/png' });
    const link = result.content.find((block) => block.type === 'resource_link');
    expect(link).toMatchObject({ uri: statusOf(result).imageUrl, mimeType: 'image/png' });
    expect(progress.length).toBeGreaterThan(0);
    expect(await balanceOf(server.orm, userId)).toBe(before - 4);
    const task = await server.orm.em.fork().findOneOrFail(ImageTask, { taskId: statusOf(result).taskId });
    expect(task.createdVia).toBe('api');
  });

  it('generate_image with n=2: two images, each its own task and charge, listed in tasks', async () => {
    const before = await balanceOf(server.orm, userId);
    const result = await call('generate_image', { prompt: `two kites ${crypto.randomUUID()}`, n: 2, preview: true });
    const status = result.structuredContent as AutomationTaskStatus & { tasks?: AutomationTaskStatus[] };
    expect(result.isError).toBeFalsy();
    expect(status.tasks?.map((task) => task.status)).toEqual(['completed', 'completed']);
    expect(status.tasks?.[0]?.taskId).toBe(status.taskId);
    expect(result.content.filter((block) => block.type === 'image')).toHaveLength(2);
    expect(await balanceOf(server.orm, userId)).toBe(before - 2 * status.creditsUsed);
  });

  it('returns the task id when not done within the wait; get_task then gives a preview-sized image', async () => {
    const queued = await call('generate_image', { prompt: 'a lighthouse', wait_seconds: 0 });
    expect(statusOf(queued).status).toBe('processing');
    expect((queued.content[0] as { text: string }).text).toContain('get_task');
    const taskId = statusOf(queued).taskId;
    const done = await eventually(
      async () => {
        const result = await call('get_task', { task_id: taskId, preview: true });
        return statusOf(result).status === 'processing' ? undefined : result;
      },
      30_000,
      'the task to end',
    );
    expect(statusOf(done).status).toBe('completed');
    const preview = done.content.find((block) => block.type === 'image') as { data: string };
    const meta = await sharp(Buffer.from(preview.data, 'base64')).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(384);
  });

  it('edit_image from base64 and a URL, upscale_image from a result, list_recent_tasks', async () => {
    const png = (
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const first = await call('generate_image', { prompt: 'a teapot' });
    const url = statusOf(first).imageUrl as string;
    const edit = await call('edit_image', { prompt: 'make it blue', images: [{ data: png }, { url }], preview: true });
    expect(statusOf(edit).status).toBe('completed');
    const task = await server.orm.em.fork().findOneOrFail(ImageTask, { taskId: statusOf(edit).taskId });
    expect(task.inputImageUrls).toHaveLength(2);
    const upscale = await call('upscale_image', { image: { url }, scale_ratio: 2 });
    expect(statusOf(upscale).status).toBe('completed');
    const list = await call('list_recent_tasks', { limit: 3 });
    const ids = (list.structuredContent as { tasks: AutomationTaskStatus[] }).tasks.map((t) => t.taskId);
    expect(ids[0]).toBe(statusOf(upscale).taskId);
    expect(ids).toHaveLength(3);
  });

  it('a task failing upstream is an error result with its refund', async () => {
    const before = await balanceOf(server.orm, userId);
    const result = await call('generate_image', { prompt: 'please [sandbox:fail]' });
    expect(result.isError).toBe(true);
    expect(statusOf(result)).toMatchObject({ status: 'failed', creditsRefunded: 4 });
    expect((result.content[0] as { text: string }).text).toContain('refunded');
    expect(await balanceOf(server.orm, userId)).toBe(before);
  });

  it('a user without credits gets an error result with the price and balance', async () => {
    const poor = await connect(await createToken(server, await createUser(server, { credits: 1 })));
    const result = await call('generate_image', { prompt: 'x' }, poor);
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toMatch(/insufficient_credits: This costs 4 credits and your balance is 1/);
  });

  it('refuses a wrong token with 401 and WWW-Authenticate, and a foreign Origin with 403', async () => {
    await expect(connect('nbk_wrong')).rejects.toThrow(/401/);
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    };
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const res = await fetch(`${server.url}/mcp`, { method: 'POST', headers, body: JSON.stringify(initialize) });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
    const foreign = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${token}`, origin: 'https://evil.example' },
      body: JSON.stringify(initialize),
    });
    expect(foreign.status).toBe(403);
  });
});
