import { createHmac } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKieServer, startFakeKieServer } from '../../../../test/fakes/kie-server.ts';
import { KIE_SIGNATURE_HEADERS, parseKieCallback, signKieCallback, verifyKieCallbackSignature } from './callback.ts';
import { KieImageProvider } from './client.ts';

const KEY = 'webhook-hmac-key-for-tests';

describe('parseKieCallback', () => {
  it('reads data.taskId, then data.task_id, then body.taskId', () => {
    expect(parseKieCallback({ code: 200, data: { taskId: 'a', task_id: 'b' }, taskId: 'c' })).toEqual({ taskId: 'a' });
    expect(parseKieCallback({ data: { task_id: 'b' }, taskId: 'c' })).toEqual({ taskId: 'b' });
    expect(parseKieCallback({ data: {}, taskId: 'c' })).toEqual({ taskId: 'c' });
    expect(parseKieCallback({ data: { taskId: 12345 } })).toEqual({ taskId: '12345' });
  });

  it('returns null for bodies without a usable task id', () => {
    for (const body of [
      null,
      'text',
      [],
      {},
      { data: { taskId: '' } },
      { data: { taskId: { $gt: '' } } },
      { data: { taskId: 'x'.repeat(500) } },
    ]) {
      expect(parseKieCallback(body)).toBeNull();
    }
  });
});

describe('verifyKieCallbackSignature', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  const ts = String(Math.floor(now / 1000));
  // Independent reference implementation of the documented scheme.
  const reference = createHmac('sha256', KEY).update(`task_1.${ts}`).digest('base64');

  it('accepts the documented signature', () => {
    expect(signKieCallback(KEY, 'task_1', ts)).toBe(reference);
    expect(verifyKieCallbackSignature({ taskId: 'task_1', timestampHeader: ts, signatureHeader: reference, hmacKey: KEY, now })).toEqual({
      ok: true,
    });
  });

  it('rejects a bad signature, another task, another key and a truncated signature', () => {
    const base = { taskId: 'task_1', timestampHeader: ts, hmacKey: KEY, now };
    expect(verifyKieCallbackSignature({ ...base, signatureHeader: reference.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(verifyKieCallbackSignature({ ...base, taskId: 'task_2', signatureHeader: reference })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(verifyKieCallbackSignature({ ...base, hmacKey: 'other', signatureHeader: reference })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(verifyKieCallbackSignature({ ...base, signatureHeader: reference.slice(0, 10) })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('rejects old and far-future timestamps (replays), and malformed headers', () => {
    const old = String(Number(ts) - 301);
    const sign = (t: string) => signKieCallback(KEY, 'task_1', t);
    expect(verifyKieCallbackSignature({ taskId: 'task_1', timestampHeader: old, signatureHeader: sign(old), hmacKey: KEY, now })).toEqual({
      ok: false,
      reason: 'expired',
    });
    const future = String(Number(ts) + 301);
    expect(
      verifyKieCallbackSignature({ taskId: 'task_1', timestampHeader: future, signatureHeader: sign(future), hmacKey: KEY, now }).ok,
    ).toBe(false);
    const recent = String(Number(ts) - 299);
    expect(
      verifyKieCallbackSignature({ taskId: 'task_1', timestampHeader: recent, signatureHeader: sign(recent), hmacKey: KEY, now }).ok,
    ).toBe(true);
    expect(
      verifyKieCallbackSignature({
        taskId: 'task_1',
        timestampHeader: old,
        signatureHeader: sign(old),
        hmacKey: KEY,
        now,
        toleranceSeconds: 600,
      }).ok,
    ).toBe(true);
    expect(
      verifyKieCallbackSignature({ taskId: 'task_1', timestampHeader: undefined, signatureHeader: reference, hmacKey: KEY, now }).ok,
    ).toBe(false);
    expect(
      verifyKieCallbackSignature({ taskId: 'task_1', timestampHeader: `${ts}ms`, signatureHeader: reference, hmacKey: KEY, now }),
    ).toEqual({
      ok: false,
      reason: 'bad_timestamp',
    });
    expect(
      verifyKieCallbackSignature({ taskId: 'task_1', timestampHeader: [ts, ts], signatureHeader: reference, hmacKey: KEY, now }).ok,
    ).toBe(false);
  });
});

describe('callbacks from the fake KIE server', () => {
  let fake: FakeKieServer;
  let receiver: http.Server;
  let receiverUrl: string;
  const received: Array<{ headers: IncomingHttpHeaders; body: unknown }> = [];

  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString()) });
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/kie/callback`;
    fake = await startFakeKieServer({ accounts: { tok: { taskDurationMs: 20 } }, hmacKey: KEY });
  });

  afterAll(async () => {
    await fake.close();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('delivers a signed callback that verifies; the state is then re-fetched from recordInfo', async () => {
    const provider = new KieImageProvider({ token: 'tok', baseUrl: fake.url, callBackUrl: receiverUrl });
    const { providerTaskId } = await provider.submit({
      type: 'text_to_image',
      prompt: 'cb',
      imageSize: 'auto',
      aspectRatio: '1:1',
      outputFormat: 'png',
    });
    await fake.waitForCallbacks(1);
    const delivery = received.at(-1)!;
    const parsed = parseKieCallback(delivery.body);
    expect(parsed).toEqual({ taskId: providerTaskId });
    const verdict = verifyKieCallbackSignature({
      taskId: parsed!.taskId,
      timestampHeader: delivery.headers[KIE_SIGNATURE_HEADERS.timestamp],
      signatureHeader: delivery.headers[KIE_SIGNATURE_HEADERS.signature],
      hmacKey: KEY,
    });
    expect(verdict).toEqual({ ok: true });
    expect((await provider.getStatus(parsed!.taskId)).state).toBe('success');

    // A forged delivery (someone else's signature) does not verify.
    await fake.sendCallback(providerTaskId, {
      'x-webhook-signature': signKieCallback('wrong-key', providerTaskId, String(Math.floor(Date.now() / 1000))),
    });
    const forged = received.at(-1)!;
    expect(
      verifyKieCallbackSignature({
        taskId: providerTaskId,
        timestampHeader: forged.headers['x-webhook-timestamp'],
        signatureHeader: forged.headers['x-webhook-signature'],
        hmacKey: KEY,
      }),
    ).toEqual({ ok: false, reason: 'bad_signature' });
  });
});
