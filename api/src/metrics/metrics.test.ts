import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, createUser, startTestServer, type TestServer } from '../../test/index.ts';
import { eventually } from '../modules/studio/testing/kit.ts';

const TOKEN = 'metrics-token-0123456789';

/** The value of one series in Prometheus text, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  let server: TestServer;
  let closed: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { metricsToken: TOKEN }, studio: { sandboxDelayMs: 0, pollMinMs: 50 } });
    closed = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
    await closed?.close();
  });

  const scrape = async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('is not there without METRICS_TOKEN, and needs the token when set', async () => {
    expect((await fetch(`${closed.url}/metrics`)).status).toBe(404);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer metrics-token-0123456780' } })).status).toBe(401);
  });

  it('times requests by route pattern, counts provider calls and reads the ledger and the job queues', async () => {
    const route = 'http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}';
    const before = await scrape();
    const sandboxCalls = 'provider_calls_total{account="sandbox",operation="submit",outcome="ok"}';
    await fetch(`${server.url}/healthz`);
    await fetch(`${server.url}/healthz`);

    const user = await createUser(server, { credits: 50 });
    const token = await createToken(server, user);
    const res = await fetch(`${server.url}/api/n8n/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input: { prompt: 'a lantern' } }),
    });
    expect(res.status).toBe(202);
    const after = await eventually(async () => {
      const text = await scrape();
      return (sample(text, sandboxCalls) ?? 0) > (sample(before, sandboxCalls) ?? 0) ? text : undefined;
    });
    expect(sample(after, route)).toBe((sample(before, route) ?? 0) + 2);
    // Ids never become labels: the task status route is one series whatever the task.
    expect(after).not.toMatch(/route="\/api\/n8n\/image-status\/tsk_/);

    const [ledger] = await server.orm.em
      .fork()
      .execute<{ charged: string }[]>(`select coalesce(sum(-"amount"), 0) as "charged" from "transactions" where "type" = 'usage'`);
    expect(sample(after, 'ledger_credits{kind="charged"}')).toBe(Number(ledger?.charged));
    expect(sample(after, 'ledger_credits{kind="charged"}')).toBeGreaterThan(0);
    expect(after).toMatch(/^job_queue_depth\{queue="[^"]+",state="queued"\} \d+$/m);
    expect(after).toMatch(/^job_queue_oldest_age_seconds\{queue="[^"]+"\} [\d.e+-]+$/m);
    expect(after).toContain('process_cpu_user_seconds_total');
  });
});
