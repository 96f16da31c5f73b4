import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeKieServer, startFakeKieServer } from '../../../../test/fakes/kie-server.ts';
import { ImageProviderError, type TextToImageJob } from '../provider.ts';
import { buildKieCreateTaskBody, type KieClientOptions, KieImageProvider, parseKieRecordInfo } from './client.ts';

let fake: FakeKieServer;

beforeAll(async () => {
  fake = await startFakeKieServer({
    accounts: {
      'tok-normal': { mode: 'normal' },
      'tok-slow': { mode: 'slow', taskDurationMs: 300 },
      'tok-fail': { mode: 'fail_tasks', failMsg: 'NSFW content detected', failCode: '400' },
      'tok-broke-http': { mode: 'out_of_credits', errorsAs: 'http' },
      'tok-broke-body': { mode: 'out_of_credits', errorsAs: 'body' },
      'tok-429': { mode: 'rate_limited_once' },
      'tok-500-http': { mode: 'server_error', errorsAs: 'http' },
      'tok-500-body': { mode: 'server_error', errorsAs: 'body' },
      'tok-upscale': { mode: 'normal' },
    },
    models: { upscale: 'topaz/image-upscale' },
  });
});

afterAll(async () => {
  await fake.close();
});

const textJob: TextToImageJob = {
  type: 'text_to_image',
  prompt: 'a red fox in snow',
  imageSize: '16:9',
  outputFormat: 'png',
  aspectRatio: '1:1',
};

function client(token: string, extra: Partial<KieClientOptions> = {}) {
  const sleep = vi.fn(async (_ms: number) => {});
  const provider = new KieImageProvider({ token, baseUrl: fake.url, sleep, random: () => 0.5, ...extra });
  return { provider, sleep };
}

async function failure(promise: Promise<unknown>): Promise<ImageProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ImageProviderError);
    return error as ImageProviderError;
  }
  throw new Error('expected an ImageProviderError');
}

async function pollUntilDone(provider: KieImageProvider, taskId: string) {
  const states: string[] = [];
  for (let i = 0; i < 100; i++) {
    const status = await provider.getStatus(taskId);
    states.push(status.state);
    if (status.state === 'success' || status.state === 'fail') return { status, states };
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  throw new Error('task did not finish');
}

describe('KieImageProvider against the fake KIE server', () => {
  it('submits text-to-image in the documented wire format and reads the result', async () => {
    const { provider } = client('tok-normal');
    const creditsBefore = fake.credits('tok-normal');
    const { providerTaskId } = await provider.submit(textJob);
    expect(providerTaskId).toMatch(/^task_fake_/);
    const request = fake.createTaskRequests('tok-normal').at(-1);
    expect(request?.body).toEqual({
      model: 'google/nano-banana',
      input: { prompt: 'a red fox in snow', output_format: 'png', image_size: '16:9' },
    });
    expect(fake.credits('tok-normal')).toBe(creditsBefore - 4);

    const status = await provider.getStatus(providerTaskId);
    expect(status.state).toBe('success');
    expect(status.resultUrls).toEqual([`${fake.url}/files/${providerTaskId}.png`]);
    const image = await fetch(status.resultUrls![0]!);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(fake.requests.filter((r) => r.path === '/api/v1/jobs/recordInfo').at(-1)?.query).toEqual({ taskId: providerTaskId });
  });

  it('sends edits with image_urls, `auto` as the aspect ratio, and the callback URL', async () => {
    const { provider } = client('tok-normal', { callBackUrl: 'https://studio.example.com/api/kie/callback' });
    await provider.submit({
      ...textJob,
      type: 'edit_image',
      imageSize: 'auto',
      aspectRatio: '3:4',
      outputFormat: 'jpeg',
      inputImageUrls: ['https://studio.example.com/files/uploads/a.png'],
    });
    expect(fake.createTaskRequests('tok-normal').at(-1)?.body).toEqual({
      model: 'google/nano-banana-edit',
      callBackUrl: 'https://studio.example.com/api/kie/callback',
      input: {
        prompt: 'a red fox in snow',
        image_urls: ['https://studio.example.com/files/uploads/a.png'],
        output_format: 'jpeg',
        image_size: '3:4',
      },
    });
  });

  it('uses the configured upscale model id and input', async () => {
    const { provider } = client('tok-upscale', { models: { upscale: 'topaz/image-upscale' } });
    const { providerTaskId } = await provider.submit({
      type: 'upscale',
      imageUrl: 'https://studio.example.com/files/results/x/0.png',
      scale: 4,
      faceEnhancement: true,
    });
    expect(fake.createTaskRequests('tok-upscale').at(-1)?.body).toEqual({
      model: 'topaz/image-upscale',
      input: { image: 'https://studio.example.com/files/results/x/0.png', scale: 4, face_enhance: true },
    });
    expect((await provider.getStatus(providerTaskId)).state).toBe('success');
    // With the default model id the fake (configured for topaz) refuses it: a 422, not retried.
    const { provider: defaults, sleep } = client('tok-upscale');
    const error = await failure(
      defaults.submit({ type: 'upscale', imageUrl: 'https://x.example/a.png', scale: 2, faceEnhancement: false }),
    );
    expect([error.kind, error.retryable, error.httpStatus]).toEqual(['validation', false, 422]);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('reports pending/generating while a slow task runs', async () => {
    const { provider } = client('tok-slow');
    const { providerTaskId } = await provider.submit(textJob);
    const { status, states } = await pollUntilDone(provider, providerTaskId);
    expect(states[0]).toMatch(/^(pending|generating)$/);
    expect(states).toContain('generating');
    expect(status.state).toBe('success');
  });

  it('reports a failed task with its message and code', async () => {
    const { provider } = client('tok-fail');
    const { providerTaskId } = await provider.submit(textJob);
    expect(await provider.getStatus(providerTaskId)).toEqual({ state: 'fail', failMessage: 'NSFW content detected', failCode: '400' });
  });

  it('401 is an auth error and is not retried', async () => {
    const { provider, sleep } = client('tok-unknown');
    const before = fake.createTaskRequests('tok-unknown').length;
    const error = await failure(provider.submit(textJob));
    expect([error.kind, error.retryable, error.providerCode]).toEqual(['auth', false, 401]);
    expect(fake.createTaskRequests('tok-unknown').length).toBe(before + 1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('402 is insufficient_credits, as an HTTP status and as a body code with HTTP 200, and is not retried', async () => {
    for (const token of ['tok-broke-http', 'tok-broke-body']) {
      const { provider, sleep } = client(token);
      const error = await failure(provider.submit(textJob));
      expect([error.kind, error.retryable, error.providerCode], token).toEqual(['insufficient_credits', false, 402]);
      expect(error.httpStatus, token).toBe(token === 'tok-broke-http' ? 402 : 200);
      expect(error.message).toContain('Credits insufficient');
      expect(fake.createTaskRequests(token)).toHaveLength(1);
      expect(sleep).not.toHaveBeenCalled();
    }
  });

  it('429 is retried after a backoff and then succeeds', async () => {
    const { provider, sleep } = client('tok-429', { retry: { baseDelayMs: 100 } });
    const { providerTaskId } = await provider.submit(textJob);
    expect(providerTaskId).toMatch(/^task_fake_/);
    expect(fake.createTaskRequests('tok-429')).toHaveLength(2);
    expect(sleep).toHaveBeenCalledTimes(1);
    expect(sleep).toHaveBeenCalledWith(75); // 100 ms base, jitter 0.5 -> 50 + 25
  });

  it('5xx is retried a bounded number of times, for HTTP and body codes', async () => {
    for (const token of ['tok-500-http', 'tok-500-body']) {
      const { provider, sleep } = client(token, { retry: { attempts: 3, baseDelayMs: 100, maxDelayMs: 150 } });
      const error = await failure(provider.submit(textJob));
      expect([error.kind, error.retryable, error.providerCode], token).toEqual(['server', true, 500]);
      expect(fake.createTaskRequests(token)).toHaveLength(3);
      expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([75, 150]);
    }
  });

  it('an unknown task id is not_found and not retried', async () => {
    const { provider, sleep } = client('tok-normal');
    const error = await failure(provider.getStatus('task_does_not_exist'));
    expect([error.kind, error.retryable]).toEqual(['not_found', false]);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('reads the remaining credits', async () => {
    const { provider } = client('tok-normal');
    expect(await provider.getCredits()).toBe(fake.credits('tok-normal'));
    expect((await failure(client('tok-unknown').provider.getCredits())).kind).toBe('auth');
  });

  it('network errors are retried, then reported as network', async () => {
    const { provider, sleep } = client('tok-normal', { baseUrl: 'http://127.0.0.1:1' });
    const error = await failure(provider.submit(textJob));
    expect([error.kind, error.retryable]).toEqual(['network', true]);
    expect(sleep).toHaveBeenCalledTimes(2);
  });
});

describe('KieImageProvider error mapping (scripted answers)', () => {
  function scripted(...answers: Array<{ status: number; body: unknown; headers?: Record<string, string> }>) {
    const calls: string[] = [];
    const fetchImpl = vi.fn(async (url: string | URL | Request) => {
      calls.push(String(url));
      const answer = answers.shift() ?? { status: 500, body: 'script exhausted' };
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      return new Response(text, { status: answer.status, headers: answer.headers });
    }) as unknown as typeof fetch;
    const sleep = vi.fn(async (_ms: number) => {});
    return {
      provider: new KieImageProvider({ token: 't', baseUrl: 'https://kie.test', fetch: fetchImpl, sleep, random: () => 0 }),
      sleep,
      calls,
    };
  }

  it('reads msg ?? message', async () => {
    const { provider } = scripted({ status: 200, body: { code: 422, message: 'prompt is required' } });
    const error = await failure(provider.submit(textJob));
    expect(error.kind).toBe('validation');
    expect(error.message).toBe('KIE 422: prompt is required');
  });

  it('does not retry 505 (feature disabled)', async () => {
    const { provider, sleep } = scripted({ status: 200, body: { code: 505, msg: 'feature disabled' } });
    const error = await failure(provider.submit(textJob));
    expect([error.kind, error.retryable]).toEqual(['disabled', false]);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('retries 455 and honours a Retry-After header within the cap', async () => {
    const { provider, sleep, calls } = scripted(
      { status: 455, body: { code: 455, msg: 'maintenance' }, headers: { 'retry-after': '2' } },
      { status: 200, body: { code: 200, msg: 'success', data: { taskId: 'abc' } } },
    );
    expect(await provider.submit(textJob)).toEqual({ providerTaskId: 'abc' });
    expect(sleep).toHaveBeenCalledWith(2000);
    expect(calls).toEqual(['https://kie.test/api/v1/jobs/createTask', 'https://kie.test/api/v1/jobs/createTask']);
  });

  it('treats a non-JSON 200 and a missing taskId as server errors', async () => {
    expect((await failure(scripted({ status: 200, body: '<html>gateway</html>' }).provider.submit(textJob))).kind).toBe('server');
    expect((await failure(scripted({ status: 200, body: { code: 200, msg: 'success', data: {} } }).provider.submit(textJob))).kind).toBe(
      'server',
    );
  });

  it('maps recordInfo code 501 to a failed task', async () => {
    const { provider } = scripted({ status: 200, body: { code: 501, msg: 'Generation failed: upstream error' } });
    expect(await provider.getStatus('abc')).toEqual({ state: 'fail', failMessage: 'Generation failed: upstream error', failCode: '501' });
  });
});

describe('parseKieRecordInfo', () => {
  it('maps the documented states', () => {
    expect(parseKieRecordInfo({ state: 'waiting' }).state).toBe('pending');
    expect(parseKieRecordInfo({ state: 'queuing', resultJson: null }).state).toBe('pending');
    expect(parseKieRecordInfo({ state: 'generating', resultJson: '' }).state).toBe('generating');
    expect(parseKieRecordInfo({ state: 'something-new' }).state).toBe('pending');
  });

  it('parses resultJson, which is a JSON string', () => {
    expect(
      parseKieRecordInfo({ state: 'success', resultJson: '{"resultUrls":["https://cdn.example/a.png","javascript:alert(1)"]}' }),
    ).toEqual({
      state: 'success',
      resultUrls: ['https://cdn.example/a.png'],
    });
    expect(parseKieRecordInfo({ state: 'success', resultJson: 'not json' }).state).toBe('fail');
    expect(parseKieRecordInfo({ state: 'success', resultJson: '{"resultUrls":[]}' }).state).toBe('fail');
  });

  it("reads how long the task ran from KIE's own creation and completion times", () => {
    const done = { state: 'success', resultJson: '{"resultUrls":["https://cdn.example/a.png"]}' };
    expect(parseKieRecordInfo({ ...done, createTime: 1698765400000, completeTime: 1698765415500 }).ranMs).toBe(15_500);
    expect(parseKieRecordInfo({ ...done, createTime: 1698765400000, completeTime: null }).ranMs).toBeUndefined();
    expect(parseKieRecordInfo({ ...done, createTime: 1698765400000, completeTime: 1698765300000 }).ranMs).toBeUndefined();
  });

  it('uses failMsg, else a message with the failCode', () => {
    expect(parseKieRecordInfo({ state: 'fail', failCode: 500, failMsg: '' })).toEqual({
      state: 'fail',
      failMessage: 'Generation failed (code 500)',
      failCode: '500',
    });
    expect(parseKieRecordInfo({ state: 'fail', failCode: null, failMsg: null })).toEqual({
      state: 'fail',
      failMessage: 'Generation failed',
    });
  });
});

describe('buildKieCreateTaskBody', () => {
  it('resolves `auto` to the aspect ratio and omits an empty callback', () => {
    const job: TextToImageJob = { ...textJob, imageSize: 'auto', aspectRatio: '9:16' };
    expect(buildKieCreateTaskBody(job)).toEqual({
      model: 'google/nano-banana',
      input: { prompt: 'a red fox in snow', output_format: 'png', image_size: '9:16' },
    });
  });
});
