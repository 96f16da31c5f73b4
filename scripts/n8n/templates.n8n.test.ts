// The shipped n8n templates, downloaded from the API as an integrator would and executed by n8n's own engine
// against the real API (sandbox provider, a real database), with only the credential filled in.

import { createToken, createUser, startTestServer, type TestServer } from '@app/api/testing';
import type { N8N_TEMPLATES } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FinishedRun, N8nHost, type WorkflowJson } from './engine.ts';

interface TaskRow {
  created_via: string;
  credits_used: number;
  status: string;
}

const apiPrice = 7;

describe('n8n templates, run by n8n', () => {
  let n8n: N8nHost;
  let server: TestServer;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    n8n = await N8nHost.start();
    server = await startTestServer({
      studio: { sandboxDelayMs: 0, pollMinMs: 50, pollMaxMs: 200 },
      // n8n listens on 127.0.0.1, as a self-hosted n8n sits on a private address: the operator allows that network
      // (CALLBACK_ALLOWED_NETWORKS), which the callback guard otherwise refuses.
      config: { automationCallbacks: { retryMs: [300, 300], allowedNetworks: ['127.0.0.0/8'] } },
    });
    // An API price unlike the studio's, so the charge shows which list was used.
    await server.orm.em.fork().execute(`update "admin_settings" set "nano_banana_api_price" = ?`, [apiPrice]);
    const user = await createUser(server, { credits: 100 });
    userId = user.id;
    token = await createToken(server, user, 'n8n');
  });
  afterAll(async () => {
    await server?.close();
    await n8n?.close();
  });

  /** GET /api/n8n/templates/<file>, then the one edit the README asks for: pick the Bearer credential. */
  async function download(file: (typeof N8N_TEMPLATES)[number]): Promise<WorkflowJson> {
    const res = await server.request<WorkflowJson>('GET', `/api/n8n/templates/${file}`);
    expect(res.status).toBe(200);
    for (const node of res.body.nodes) {
      if (node.credentials?.httpBearerAuth) node.credentials.httpBearerAuth = { id: 'cred-1', name: 'Nano Banana API token' };
    }
    return res.body;
  }

  /** The task the workflow's submission created (its answer is the Submit node's output). */
  async function taskOf(run: FinishedRun): Promise<TaskRow | undefined> {
    const [submitted] = run.output('Submit generation');
    expect(submitted).toMatchObject({ success: true, type: 'text_to_image', taskId: expect.stringMatching(/^tsk_/) });
    const [row] = await server.orm.em
      .fork()
      .execute<TaskRow[]>('select "created_via", "credits_used", "status" from "image_tasks" where "user_id" = ? and "task_id" = ?', [
        userId,
        submitted?.taskId,
      ]);
    return row;
  }

  async function expectImage(run: FinishedRun): Promise<string> {
    expect(run.error).toBeUndefined();
    expect(run.status).toBe('success');
    const [out] = run.output('Image URL');
    expect(out).toMatchObject({ status: 'completed', imageUrl: expect.stringMatching(/^http/) });
    const imageUrl = String(out?.imageUrl);
    const image = await fetch(imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    return imageUrl;
  }

  it('generate-callback.json: submits with the resume URL, waits, and is resumed by our signed callback', async () => {
    const run = await n8n.run(await download('generate-callback.json'), { httpBearerAuth: { token } });
    const imageUrl = await expectImage(run);
    expect(run.resumed).toBe(1);
    const [call] = n8n.resumeCalls.filter((c) => c.url.includes('/webhook-waiting/'));
    expect(call?.method).toBe('POST');
    expect(call?.headers['webhook-signature']).toMatch(/^v1,/);
    expect(call?.body).toMatchObject({ status: 'completed', imageUrl });
    // n8n's HTTP Request node says who it is, so the studio shows the task as made by n8n, at the API price.
    expect(await taskOf(run)).toMatchObject({ created_via: 'n8n', status: 'completed', credits_used: apiPrice });
  });

  it('generate-callback.json without the setting: n8n stops with the reason and nothing is charged', async () => {
    const strict = await startTestServer({ studio: { sandboxDelayMs: 0 } });
    try {
      const owner = await createUser(strict, { credits: 100 });
      const strictToken = await createToken(strict, owner, 'n8n');
      const res = await strict.request<WorkflowJson>('GET', '/api/n8n/templates/generate-callback.json');
      for (const node of res.body.nodes) {
        if (node.credentials?.httpBearerAuth) node.credentials.httpBearerAuth = { id: 'cred-1', name: 'Nano Banana API token' };
      }
      const run = await n8n.run(res.body, { httpBearerAuth: { token: strictToken } });
      expect(run.status).toBe('error');
      // What n8n shows the person: the API's `message`, with the field's reason and who can allow it.
      expect(run.errorDescription).toContain('callbackUrl: The address of 127.0.0.1 is not allowed (loopback)');
      expect(run.errorDescription).toContain('CALLBACK_ALLOWED_NETWORKS');
      const [row] = await strict.orm.em.fork().execute<{ credits: number }[]>('select "credits" from "users" where "id" = ?', [owner.id]);
      expect(row?.credits).toBe(100);
    } finally {
      await strict.close();
    }
  });

  it('generate-polling.json: submits, waits 10 s, reads the status until the task ends', async () => {
    const before = n8n.resumeCalls.length;
    const run = await n8n.run(await download('generate-polling.json'), { httpBearerAuth: { token } });
    const imageUrl = await expectImage(run);
    expect(run.resumed).toBe(0);
    expect(n8n.resumeCalls.length).toBe(before);
    expect(run.output('Get status')[0]).toMatchObject({ success: true, status: 'completed', imageUrl });
    expect(await taskOf(run)).toMatchObject({ created_via: 'n8n', status: 'completed', credits_used: apiPrice });
  });

  it('stops with the API error when the token is wrong, and charges nothing', async () => {
    const credits = async () =>
      (await server.orm.em.fork().execute<{ credits: number }[]>('select "credits" from "users" where "id" = ?', [userId]))[0]?.credits;
    const before = await credits();
    const run = await n8n.run(await download('generate-polling.json'), { httpBearerAuth: { token: 'nbk_not-a-real-token' } });
    expect(run.status).toBe('error');
    expect(run.error).toMatch(/401|Authorization failed/i);
    expect(run.output('Image URL')).toEqual([]);
    expect(await credits()).toBe(before);
  });
});
