// Bench of the streamed ZIP (issue "Keep and organise": bounded memory for 1,000 images): stores N incompressible
// originals, asks for their ZIP and reads it to the end, sampling the process's RSS. The ZIP reads one original at a
// time, so the peak should stay near the start however large the ZIP is.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres pnpm bench:archive            # 1,000 images of 512 KiB
//   pnpm bench:archive --images 200 --kib 256                                            # smaller, on PGlite
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createUser, signIn, startTestServer } from '@app/api/testing';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: { images: { type: 'string', default: '1000' }, kib: { type: 'string', default: '512' } },
});
const images = Number(values.images);
const bytes = Number(values.kib) * 1024;
const MB = 1024 * 1024;

const server = await startTestServer({ config: { role: 'web' } });
try {
  const user = await createUser(server, { credits: 0 });
  const cookie = await signIn(server, user);
  const storage = server.studio.storage;
  const taskIds: string[] = [];
  // One original reused under every key keeps the seeding itself from growing the heap.
  const original = randomBytes(bytes);
  for (let i = 0; i < images; i++) {
    const taskId = `tsk_bench${String(i).padStart(6, '0')}`;
    const key = `results/bench${String(i).padStart(6, '0')}/0.png`;
    await storage.put(key, original, 'image/png');
    await server.orm.em.fork().execute(
      `insert into "image_tasks" ("id", "user_id", "task_id", "prompt", "model", "aspect_ratio", "status", "result_urls", "credits_used", "created_at", "updated_at", "completed_at", "deadline_at", "revision")
         values (gen_random_uuid(), ?, ?, ?, 'nano_banana', '1:1', 'completed', array[?]::text[], 2, now(), now(), now(), now(), 1)`,
      [user.id, taskId, `bench image ${i}`, storage.publicUrl(key)],
    );
    taskIds.push(taskId);
  }
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  const link = await server.request<{ url: string }>('POST', '/api/image-tasks/archives', { cookie, body: { taskIds } });
  const prepareMs = performance.now() - started;
  const res = await fetch(`${server.url}${link.body.url}`, { headers: { cookie } });
  let received = 0;
  let firstByteMs = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (!received) firstByteMs = performance.now() - started - prepareMs;
    received += chunk.length;
  }
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  console.log(
    JSON.stringify({
      images,
      zipMB: +(received / MB).toFixed(1),
      prepareMs: Math.round(prepareMs),
      firstByteMs: Math.round(firstByteMs),
      seconds: +seconds.toFixed(1),
      rssBeforeMB: +(before / MB).toFixed(1),
      rssPeakMB: +(peak / MB).toFixed(1),
      rssGrowthMB: +((peak - before) / MB).toFixed(1),
    }),
  );
} finally {
  await server.close();
}
