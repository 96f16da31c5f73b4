// What must survive a backup, read from a running app: every balance with its ledger sum, the tasks and uploads,
// the buyer's view through the API, and every stored file's SHA-256 as the app serves it.
import type { ImageTaskList } from '@app/contract';
import { type DrillApp, PUBLIC_URL } from './app.ts';
import { localKeys, readLocal, sha256 } from './files.ts';

export interface Snapshot {
  users: { username: string; credits: number; ledger: number; entries: number }[];
  purchases: { username: string; amount: number }[];
  tasks: Record<string, unknown>[];
  uploads: Record<string, unknown>[];
  /** The buyer's balance and task list as the API answers them. */
  api: { credits: number; tasks: Record<string, unknown>[] };
  /** Storage key -> SHA-256 of every stored file (the sandbox provider's own records included). */
  files: Record<string, string>;
  /** Key -> SHA-256 of the bytes served at /files/<key>, for every file a task or upload names. */
  served: Record<string, string>;
}

export async function snapshotOf(app: DrillApp, cookie: string): Promise<Snapshot> {
  const sql = (query: string) => app.running.orm.em.fork().getConnection().execute<Record<string, unknown>[]>(query);
  const users = (await sql(`select u.username, u.credits, coalesce(sum(t.amount), 0)::int as ledger, count(t.id)::int as entries
      from users u left join transactions t on t.user_id = u.id group by u.id order by u.username`)) as Snapshot['users'];
  const purchases = (await sql(`select u.username, t.amount from transactions t join users u on u.id = t.user_id
      where t.type = 'purchase' order by t.id`)) as Snapshot['purchases'];
  const tasks = await sql(`select task_id, status, generation_type, credits_used, refunded, result_urls, thumbnail_url, input_image_urls
      from image_tasks order by task_id`);
  const uploads = await sql('select key, bytes, thumbnail_key, used_at is not null as used from uploads order by key');

  const me = (await (await app.call('GET', '/api/auth/current-user', { cookie })).json()) as { user: { credits: number } };
  const list = (await (await app.call('GET', '/api/image-tasks', { cookie })).json()) as ImageTaskList;
  const apiTasks = list.tasks.map(({ taskId, status, resultUrls, thumbnailUrl, creditsUsed, inputImageUrls }) => ({
    taskId,
    status,
    resultUrls,
    thumbnailUrl,
    creditsUsed,
    inputImageUrls,
  }));

  const folder = app.config.studio.filesDir;
  const files: Record<string, string> = {};
  for (const key of await localKeys(folder)) files[key] = sha256(await readLocal(folder)(key));
  const named = [
    ...tasks.flatMap((task) => [...(task.result_urls as string[]), task.thumbnail_url as string]),
    ...uploads.flatMap((upload) => [`${PUBLIC_URL}/files/${upload.key}`, `${PUBLIC_URL}/files/${upload.thumbnail_key}`]),
  ];
  const served: Record<string, string> = {};
  for (const url of named.sort()) {
    const path = url.slice(PUBLIC_URL.length);
    const answer = await app.call('GET', path);
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
    served[path] = sha256(new Uint8Array(await answer.arrayBuffer()));
  }
  return { users, purchases, tasks, uploads, api: { credits: me.user.credits, tasks: apiTasks }, files, served };
}

/** The parts of two snapshots that differ (empty when the restore is faithful). */
export function differences(original: Snapshot, restored: Snapshot): string[] {
  return (Object.keys(original) as (keyof Snapshot)[]).filter((part) => JSON.stringify(original[part]) !== JSON.stringify(restored[part]));
}
