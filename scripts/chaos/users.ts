// Simulated people: each signs up, buys credits with the sandbox payment method, generates, edits an upload,
// upscales a result, reads lists and its balance, keeps a live stream open, and (some) drive the automation API
// with Idempotency-Keys, retrying time-outs and 5xx, with webhooks to the receiver.
import { randomUUID } from 'node:crypto';
import { type Answer, Client, shouldRetry } from './http.ts';
import type { Journal } from './journal.ts';
import { followLiveStream } from './live-stream.ts';
import { pngDataUrl } from './png.ts';
import type { Random } from './random.ts';

export interface World {
  base: string;
  journal: Journal;
  webhookUrl: string;
  /** Orders whose sandbox approval the user saw go through (303 back to the shop). */
  approvedOrders: { user: string; orderId: string }[];
  stop: AbortSignal;
}

const PASSWORD = 'chaos-user-password';
const PROMPTS = ['a lighthouse in a storm', 'a fox in the snow', 'a city of glass at dusk', 'a banana astronaut'];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a 429, 409 or 503 asks to wait (its Retry-After, 1 to 10 s), spread a little so a crowd does not return at once. */
const retryAfterMs = (answer: Answer) =>
  Math.min(Math.max(Number(answer.headers.get('retry-after')) || 1, 1), 10) * 1000 + Math.random() * 500;

/**
 * Until it answers something other than a time-out, a 5xx, a 409 saying the key's first request still runs, or a
 * 429 (a person clicking again, after the wait a 429 asks for: a crowd signing up at once meets the password-check
 * limiter), or the run stops.
 */
async function persist(world: World, attempt: () => Promise<Answer>): Promise<Answer> {
  let answer = await attempt();
  while ((shouldRetry(answer) || answer.status === 429) && !world.stop.aborted) {
    await pause(answer.headers.has('retry-after') ? retryAfterMs(answer) : 1000);
    answer = await attempt();
  }
  return answer;
}

function noteBalance(world: World, user: string, credits: unknown): void {
  if (typeof credits === 'number') world.journal.balances.push({ user, credits, at: Date.now() });
}

export async function runUser(world: World, name: string, random: Random): Promise<void> {
  const client = new Client(world.base, world.journal, name);
  const registered = await persist(world, () =>
    client.call('POST', '/api/auth/register', { body: { username: name, password: PASSWORD } }),
  );
  if (registered.status !== 201 && registered.status !== 409)
    throw new Error(`${name}: sign-up answered ${registered.status} ${registered.text}`);
  const login = await persist(world, () => client.call('POST', '/api/auth/login', { body: { username: name, password: PASSWORD } }));
  const sid = login.headers.getSetCookie().find((line) => line.startsWith('sid='));
  if (login.status !== 200 || !sid) throw new Error(`${name}: sign-in answered ${login.status}`);
  const cookie = sid.split(';')[0] as string;
  const stream = followLiveStream(world.base, cookie, name, world.journal, world.stop);
  let token: string | undefined;
  const results: string[] = [];

  const submit = async (path: string, body: unknown) => {
    const key = randomUUID();
    const answer = await persist(world, () => client.call('POST', path, { cookie, body, idempotencyKey: key }));
    noteBalance(world, name, answer.body.remainingCredits);
    const taskId = (answer.body.task as { taskId?: string } | undefined)?.taskId;
    if (answer.status === 202 && taskId) world.journal.submissions.push({ user: name, key, taskId });
    if (answer.status === 402) await buy();
  };
  const buy = async () => {
    const packages = await persist(world, () => client.call('GET', '/api/credit-packages'));
    const list = (Array.isArray(packages.body) ? packages.body : []) as { id: string }[];
    const pkg = list[0];
    if (!pkg) return;
    const checkout = await persist(world, () => client.call('POST', '/api/creem/checkout', { cookie, body: { packageId: pkg.id } }));
    const { checkoutUrl, orderId } = checkout.body as { checkoutUrl?: string; orderId?: string };
    if (checkout.status !== 201 || !checkoutUrl || !orderId) return;
    const path = new URL(checkoutUrl).pathname;
    const approved = await persist(world, () => client.call('POST', `${path}/approve`, { cookie }));
    if (approved.status === 303 && approved.headers.get('location')?.includes(orderId)) world.approvedOrders.push({ user: name, orderId });
  };
  const actions: [number, () => Promise<void>][] = [
    [25, () => submit('/api/generate-image', { prompt: random.pick(PROMPTS) })],
    [
      10,
      async () => {
        const upload = await persist(world, () =>
          client.call('POST', '/api/upload-images', {
            cookie,
            idempotencyKey: randomUUID(),
            body: { images: [pngDataUrl(32, [random.int(0, 255), random.int(0, 255), random.int(0, 255)])] },
          }),
        );
        const urls = upload.body.urls as string[] | undefined;
        if (upload.status === 201 && urls?.length)
          await submit('/api/generate-image', { prompt: 'make it blue', model: 'nano_banana_edit', inputImageUrls: urls });
      },
    ],
    [8, async () => (results.length ? submit('/api/upscale-image', { imageUrl: random.pick(results) }) : undefined)],
    [
      20,
      async () => {
        const list = await client.call('GET', '/api/image-tasks', { cookie });
        for (const task of (list.body.tasks ?? []) as { status: string; resultUrls: string[] }[])
          if (task.status === 'completed' && task.resultUrls[0] && !results.includes(task.resultUrls[0])) results.push(task.resultUrls[0]);
      },
    ],
    [
      15,
      async () =>
        noteBalance(
          world,
          name,
          ((await client.call('GET', '/api/auth/current-user', { cookie })).body.user as { credits?: number })?.credits,
        ),
    ],
    [5, buy],
    [
      17,
      async () => {
        if (!token) {
          const created = await persist(world, () =>
            client.call('POST', '/api/user-tokens', { cookie, idempotencyKey: randomUUID(), body: { name: 'chaos' } }),
          );
          token = created.body.token as string | undefined;
          if (!token) return;
        }
        const key = randomUUID();
        const answer = await client.retrying('POST', '/api/n8n/generate', {
          bearer: token,
          idempotencyKey: key,
          body: {
            input: { prompt: random.pick(PROMPTS) },
            callbackUrl: world.webhookUrl,
            callbackEvents: ['started', 'completed', 'failed'],
          },
        });
        const taskId = answer.body.taskId as string | undefined;
        if (answer.status === 202 && taskId) world.journal.submissions.push({ user: name, key, taskId });
        if (answer.status === 402) await buy();
      },
    ],
  ];
  const total = actions.reduce((sum, [weight]) => sum + weight, 0);
  await buy();
  while (!world.stop.aborted) {
    const draw = random.next() * total;
    let sum = 0;
    const action = actions.find(([weight]) => {
      sum += weight;
      return draw < sum;
    });
    await action?.[1]();
    await pause(random.int(200, 1200));
  }
  await stream;
}
