// A local fake of KIE's Market jobs API (provider docs) for tests: node:http on 127.0.0.1, port 0.
// Speaks the same wire format (createTask, recordInfo, chat/credit, callbacks with an optional HMAC
// signature) with per-token behaviour, and serves small PNG/JPEG results of its own.
import { createHash, createHmac } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export type FakeKieMode = 'normal' | 'slow' | 'fail_tasks' | 'out_of_credits' | 'rate_limited_once' | 'server_error' | 'hang';

export interface FakeKieAccountConfig {
  mode?: FakeKieMode;
  /** Starting balance; default 1000 (0 for `out_of_credits`). */
  credits?: number;
  /** Credits one task costs; default 4. */
  costPerTask?: number;
  /** How errors are reported: `http` = HTTP status and body code, `body` = HTTP 200 with body code. Default `http`. */
  errorsAs?: 'http' | 'body';
  /** Time from createTask until the task ends; default 0 (`slow`: 1500 ms). */
  taskDurationMs?: number;
  /** For `fail_tasks`. */
  failMsg?: string;
  failCode?: string;
}

export interface FakeKieServerOptions {
  /** Token -> behaviour. Any other token gets 401. */
  accounts: Record<string, FakeKieAccountConfig>;
  /** When set, callbacks carry X-Webhook-Timestamp / X-Webhook-Signature. */
  hmacKey?: string;
  /** Post callbacks to `callBackUrl` when a task ends; default true. */
  sendCallbacks?: boolean;
  /** Models createTask accepts; anything else is a 422. */
  models?: { textToImage?: string; edit?: string; upscale?: string };
  /**
   * Publishes a task's result image somewhere else and gives its address (default: served by the fake itself).
   * Called before createTask answers.
   */
  publishResult?: (taskId: string, bytes: Buffer, extension: 'png' | 'jpg') => Promise<string>;
}

export interface FakeKieRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  token: string | null;
  body: unknown;
}

export interface FakeKieTask {
  taskId: string;
  token: string;
  model: string;
  input: Record<string, unknown>;
  callBackUrl?: string;
  createdAt: number;
  completeAt: number;
  outcome: 'success' | 'fail';
  failMsg: string;
  failCode: string;
  resultUrls: string[];
  polls: number;
}

export interface FakeKieCallback {
  taskId: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** HTTP status the receiver answered, or the error message. */
  outcome: number | string;
}

export interface FakeKieServer {
  url: string;
  requests: FakeKieRequest[];
  tasks: Map<string, FakeKieTask>;
  callbacks: FakeKieCallback[];
  /** Changes (or adds) an account's behaviour; keeps its balance unless `credits` is given. */
  setAccount(token: string, config: FakeKieAccountConfig): void;
  credits(token: string): number;
  /** createTask requests seen, optionally for one token. */
  createTaskRequests(token?: string): FakeKieRequest[];
  /** Whether tasks created from now on call back when they end (`sendCallbacks`). */
  setSendCallbacks(on: boolean): void;
  /** Posts the callback for a task now (again), with optional forced headers. */
  sendCallback(taskId: string, headers?: Record<string, string>): Promise<FakeKieCallback>;
  waitForCallbacks(count: number, timeoutMs?: number): Promise<FakeKieCallback[]>;
  close(): Promise<void>;
}

interface AccountState {
  config: FakeKieAccountConfig;
  credits: number;
  rateLimitUsed: boolean;
}

const DEFAULT_MODELS = { textToImage: 'google/nano-banana', edit: 'google/nano-banana-edit', upscale: 'nano-banana-upscale' };

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return { __invalidJson: text };
  }
}

export async function startFakeKieServer(options: FakeKieServerOptions): Promise<FakeKieServer> {
  const models = { ...DEFAULT_MODELS, ...options.models };
  const accounts = new Map<string, AccountState>();
  const requests: FakeKieRequest[] = [];
  const tasks = new Map<string, FakeKieTask>();
  const callbacks: FakeKieCallback[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const images = new Map<string, Buffer>();
  let counter = 0;
  let baseUrl = '';
  let closed = false;
  let sendCallbacks = options.sendCallbacks !== false;

  const setAccount = (token: string, config: FakeKieAccountConfig) => {
    const existing = accounts.get(token);
    const defaultCredits = config.mode === 'out_of_credits' ? 0 : 1000;
    accounts.set(token, {
      config,
      credits: config.credits ?? existing?.credits ?? defaultCredits,
      rateLimitUsed: existing?.rateLimitUsed ?? false,
    });
  };
  for (const [token, config] of Object.entries(options.accounts)) setAccount(token, config);

  const fail = (res: ServerResponse, account: AccountState | undefined, code: number, msg: string) => {
    const asBody = (account?.config.errorsAs ?? 'http') === 'body';
    json(res, asBody ? 200 : code, { code, msg, data: null });
  };

  const stateOf = (task: FakeKieTask, now: number) => {
    if (now < task.completeAt) return now - task.createdAt < (task.completeAt - task.createdAt) / 3 ? 'queuing' : 'generating';
    return task.outcome;
  };

  const recordInfo = (task: FakeKieTask, now: number) => {
    const state = stateOf(task, now);
    const done = state === 'success' || state === 'fail';
    return {
      taskId: task.taskId,
      model: task.model,
      state,
      param: JSON.stringify({ model: task.model, callBackUrl: task.callBackUrl, input: task.input }),
      resultJson: state === 'success' ? JSON.stringify({ resultUrls: task.resultUrls }) : null,
      failCode: state === 'fail' ? task.failCode : null,
      failMsg: state === 'fail' ? task.failMsg : null,
      costTime: done ? task.completeAt - task.createdAt : null,
      completeTime: done ? task.completeAt : null,
      createTime: task.createdAt,
      updateTime: now,
    };
  };

  const postCallback = async (task: FakeKieTask, forced: Record<string, string> = {}): Promise<FakeKieCallback> => {
    const body = { code: 200, msg: 'success', data: recordInfo(task, Math.max(Date.now(), task.completeAt)) };
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.hmacKey) {
      const timestamp = String(Math.floor(Date.now() / 1000));
      headers['x-webhook-timestamp'] = timestamp;
      headers['x-webhook-signature'] = createHmac('sha256', options.hmacKey).update(`${task.taskId}.${timestamp}`).digest('base64');
    }
    Object.assign(headers, forced);
    const record: FakeKieCallback = { taskId: task.taskId, url: task.callBackUrl ?? '', headers, body, outcome: 'not sent' };
    try {
      const response = await fetch(record.url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      record.outcome = response.status;
    } catch (error) {
      record.outcome = error instanceof Error ? error.message : String(error);
    }
    callbacks.push(record);
    return record;
  };

  const resultImage = async (taskId: string, format: 'png' | 'jpeg'): Promise<Buffer> => {
    const cacheKey = `${taskId}.${format}`;
    const cached = images.get(cacheKey);
    if (cached) return cached;
    const hash = createHash('sha256').update(taskId).digest();
    const image = sharp({
      create: { width: 64, height: 48, channels: 3, background: { r: hash[0] ?? 0, g: hash[1] ?? 0, b: hash[2] ?? 0 } },
    });
    const bytes = format === 'png' ? await image.png().toBuffer() : await image.jpeg().toBuffer();
    images.set(cacheKey, bytes);
    return bytes;
  };

  const createTask = async (res: ServerResponse, token: string, account: AccountState, body: unknown) => {
    const mode = account.config.mode ?? 'normal';
    if (mode === 'server_error') return fail(res, account, 500, 'Internal server error');
    if (mode === 'rate_limited_once' && !account.rateLimitUsed) {
      account.rateLimitUsed = true;
      return fail(res, account, 429, 'Too many requests');
    }
    const request = (body ?? {}) as { model?: unknown; callBackUrl?: unknown; input?: Record<string, unknown> };
    const input = request.input;
    if (typeof request.model !== 'string' || !input || typeof input !== 'object')
      return fail(res, account, 422, 'model and input are required');
    if (![models.textToImage, models.edit, models.upscale].includes(request.model))
      return fail(res, account, 422, `model ${request.model} is not supported`);
    if (request.model === models.upscale) {
      if (typeof input.image !== 'string') return fail(res, account, 422, 'input.image is required');
    } else {
      if (typeof input.prompt !== 'string' || input.prompt.length === 0) return fail(res, account, 422, 'input.prompt is required');
      if (input.prompt.length > 5000) return fail(res, account, 422, 'input.prompt is too long');
      if (request.model === models.edit && (!Array.isArray(input.image_urls) || input.image_urls.length === 0)) {
        return fail(res, account, 422, 'input.image_urls is required');
      }
    }
    const cost = account.config.costPerTask ?? 4;
    if (account.credits < cost) return fail(res, account, 402, 'Credits insufficient');
    account.credits -= cost;

    counter += 1;
    const taskId = `task_fake_${counter}_${createHash('sha256').update(`${token}:${counter}:${Date.now()}`).digest('hex').slice(0, 12)}`;
    const now = Date.now();
    const duration = account.config.taskDurationMs ?? (mode === 'slow' ? 1500 : 0);
    const extension = input.output_format === 'jpeg' ? 'jpg' : 'png';
    const task: FakeKieTask = {
      taskId,
      token,
      model: request.model,
      input,
      callBackUrl: typeof request.callBackUrl === 'string' ? request.callBackUrl : undefined,
      createdAt: now,
      completeAt: now + duration,
      outcome: mode === 'fail_tasks' ? 'fail' : 'success',
      failMsg: account.config.failMsg ?? 'Content policy violation',
      failCode: account.config.failCode ?? '400',
      resultUrls: [`${baseUrl}/files/${taskId}.${extension}`],
      polls: 0,
    };
    if (options.publishResult) {
      const bytes = await resultImage(taskId, extension === 'jpg' ? 'jpeg' : 'png');
      task.resultUrls = [await options.publishResult(taskId, bytes, extension)];
    }
    tasks.set(taskId, task);
    if (task.callBackUrl && sendCallbacks) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void postCallback(task);
      }, duration + 10);
      timer.unref();
      timers.add(timer);
    }
    json(res, 200, { code: 200, msg: 'success', data: { taskId } });
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake.invalid');
      const body = req.method === 'POST' ? await readJson(req) : undefined;
      const auth = req.headers.authorization;
      const token = auth?.startsWith('Bearer ') ? auth.slice('Bearer '.length) : null;
      requests.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams), token, body });

      const fileMatch = /^\/files\/(task_fake_[A-Za-z0-9_]+)\.(png|jpg)$/.exec(url.pathname);
      if (req.method === 'GET' && fileMatch?.[1] && tasks.has(fileMatch[1])) {
        const bytes = await resultImage(fileMatch[1], fileMatch[2] === 'jpg' ? 'jpeg' : 'png');
        res.writeHead(200, { 'content-type': fileMatch[2] === 'jpg' ? 'image/jpeg' : 'image/png', 'content-length': bytes.length });
        res.end(bytes);
        return;
      }

      const account = token ? accounts.get(token) : undefined;
      const route = `${req.method} ${url.pathname}`;
      const known = ['POST /api/v1/jobs/createTask', 'GET /api/v1/jobs/recordInfo', 'GET /api/v1/chat/credit'];
      if (!known.includes(route)) return json(res, 404, { code: 404, msg: 'Not found' });
      if (!token || !account) return fail(res, account, 401, 'You do not have access permissions');
      // `hang`: no answer while the mode lasts, then the connection is cut (what a time-out looks like).
      if (account.config.mode === 'hang') {
        while (accounts.get(token)?.config.mode === 'hang' && !closed) await new Promise((resolve) => setTimeout(resolve, 100));
        res.socket?.destroy();
        return;
      }

      if (route === 'POST /api/v1/jobs/createTask') return createTask(res, token, account, body);
      if (account.config.mode === 'server_error') return fail(res, account, 500, 'Internal server error');
      if (route === 'GET /api/v1/chat/credit') return json(res, 200, { code: 200, msg: 'success', data: account.credits });

      const task = tasks.get(url.searchParams.get('taskId') ?? '');
      if (!task || task.token !== token) return fail(res, account, 404, 'Task not found');
      task.polls += 1;
      json(res, 200, { code: 200, msg: 'success', data: recordInfo(task, Date.now()) });
    })().catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, { code: 500, msg: String(error) });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    requests,
    tasks,
    callbacks,
    setAccount,
    credits: (token) => accounts.get(token)?.credits ?? 0,
    setSendCallbacks: (on) => {
      sendCallbacks = on;
    },
    createTaskRequests: (token) =>
      requests.filter((r) => r.path === '/api/v1/jobs/createTask' && (token === undefined || r.token === token)),
    sendCallback: async (taskId, headers) => {
      const task = tasks.get(taskId);
      if (!task) throw new Error(`unknown task ${taskId}`);
      return postCallback(task, headers);
    },
    waitForCallbacks: async (count, timeoutMs = 5000) => {
      const until = Date.now() + timeoutMs;
      while (callbacks.length < count) {
        if (Date.now() > until) throw new Error(`expected ${count} callbacks, got ${callbacks.length}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return callbacks;
    },
    close: async () => {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
