// The drill's small data set, made through the API: a buyer with a sandbox purchase, an upload, a picture from a
// prompt and an edit of the upload, both completed with their files stored.
import { createUser, signIn } from '@app/api/testing';
import type { ImageTask, ImageTaskList, TaskSubmitted, UploadImagesResponse } from '@app/contract';
import { CreditPackage } from '../../api/src/modules/billing/index.ts';
import { pngDataUrl } from '../../api/src/modules/studio/testing/kit.ts';
import type { DrillApp } from './app.ts';

export interface DataSet {
  /** The buyer's session cookie (sessions are rows: it signs in on the restored copy too). */
  cookie: string;
  tasks: string[];
}

async function expectStatus(response: Response, status: number, what: string): Promise<Response> {
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status} ${await response.text()}`);
  return response;
}

/** Polls until `check` answers something truthy (tasks finish in the background). */
export async function eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

export async function makeDataSet(app: DrillApp): Promise<DataSet> {
  const server = { orm: app.running.orm, config: app.config };
  const user = await createUser(server, { username: 'drill_buyer', credits: 0 });
  const cookie = await signIn(server, user);

  const pkg = await app.running.orm.em.fork().findOneOrFail(CreditPackage, { isActive: true }, { orderBy: { price: 'asc' } });
  const checkout = await expectStatus(
    await app.call('POST', '/api/creem/checkout', { cookie, body: { packageId: pkg.id } }),
    201,
    'checkout',
  );
  const { checkoutUrl } = (await checkout.json()) as { checkoutUrl: string };
  await expectStatus(await app.call('POST', `${new URL(checkoutUrl).pathname}/approve`, { cookie }), 303, 'sandbox approval');

  const images = [await pngDataUrl(80, 60, '#d03030'), await pngDataUrl(40, 40, '#30a0d0')];
  const uploaded = await expectStatus(await app.call('POST', '/api/upload-images', { cookie, body: { images } }), 201, 'upload');
  const { urls } = (await uploaded.json()) as UploadImagesResponse;

  const submit = async (body: object) => {
    const answer = await expectStatus(await app.call('POST', '/api/generate-image', { cookie, body }), 202, 'generate');
    return ((await answer.json()) as TaskSubmitted).task.taskId;
  };
  const tasks = [
    await submit({ prompt: 'a lighthouse at dusk', aspectRatio: '16:9' }),
    await submit({ prompt: 'make it night', generationType: 'edit_image', model: 'nano_banana_edit', inputImageUrls: [urls[0]] }),
  ];
  await eventually(async () => {
    const list = (await (await app.call('GET', '/api/image-tasks', { cookie })).json()) as ImageTaskList;
    const done = list.tasks.filter((task: ImageTask) => tasks.includes(task.taskId) && task.status === 'completed');
    if (list.tasks.some((task) => task.status === 'failed')) throw new Error('a drill task failed');
    return done.length === tasks.length;
  }, 'both tasks to complete');
  return { cookie, tasks };
}
