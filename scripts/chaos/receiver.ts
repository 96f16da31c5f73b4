// The integrators' webhook endpoint: records every delivery by its `webhook-id`, and the first attempt of some
// deliveries is answered 500 or left hanging past the sender's time-out (drawn from the seed), so retries happen.
import { createServer, type ServerResponse } from 'node:http';
import type { Random } from './random.ts';

export interface WebhookReceiver {
  url: string;
  /** webhook-id -> statuses answered, in order ('hang' for an attempt left unanswered). */
  attempts: Map<string, (number | 'hang')[]>;
  /** Stop failing: the drain at the end wants every delivery through. */
  behave(): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(random: Random): Promise<WebhookReceiver> {
  const attempts = new Map<string, (number | 'hang')[]>();
  const hanging = new Set<ServerResponse>();
  let misbehave = true;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const id = String(request.headers['webhook-id'] ?? '');
      const seen = attempts.get(id) ?? [];
      attempts.set(id, seen);
      const first = seen.length === 0;
      const draw = random.next();
      if (misbehave && first && draw < 0.1) {
        seen.push('hang');
        hanging.add(response);
        return;
      }
      const status = misbehave && first && draw < 0.25 ? 500 : 200;
      seen.push(status);
      response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hook`,
    attempts,
    behave() {
      misbehave = false;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
