// A callback receiver: verifies the signature before trusting the body. `NB_WEBHOOK_SECRET=whsec_... node examples/webhook-receiver.ts`
import { createServer } from 'node:http';
import { type TaskStatus, verifyWebhook } from '@nano-banana/sdk';

const secret = process.env.NB_WEBHOOK_SECRET ?? '';

createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => {
    body += chunk;
  });
  req.on('end', () => {
    // Verify the raw body exactly as received; parse only afterwards.
    const verified = verifyWebhook({ headers: req.headers, body, secret });
    if (!verified.ok) {
      res.writeHead(401).end(verified.reason);
      return;
    }
    // `webhook-id` is stable across retries: use it to handle each delivery once.
    const status = JSON.parse(body) as TaskStatus;
    console.log(verified.id, status.taskId, status.status, status.imageUrl);
    res.writeHead(204).end();
  });
}).listen(8787);
