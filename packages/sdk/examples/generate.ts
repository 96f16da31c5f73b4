// Generate one image and print its address: `NB_URL=https://studio.example.com NB_TOKEN=nbk_... node examples/generate.ts`
import { ApiError, createClient } from '@nano-banana/sdk';

const client = createClient({ baseUrl: process.env.NB_URL ?? 'http://127.0.0.1:3000', token: process.env.NB_TOKEN ?? '' });

try {
  const { credits } = await client.balance();
  console.log(`credits before: ${credits}`);
  // One key per intent: if this process is retried with the same key, the task is not charged twice.
  const task = await client.run(
    'generate',
    { input: { prompt: 'A banana astronaut', image_size: '16:9' } },
    { idempotencyKey: 'example-1' },
  );
  console.log(task.status === 'completed' ? task.imageUrl : `failed: ${task.error} (refunded ${task.creditsRefunded})`);
} catch (error) {
  if (error instanceof ApiError) console.error(`${error.status} ${error.code}: ${error.detail ?? error.title}`);
  else throw error;
}
