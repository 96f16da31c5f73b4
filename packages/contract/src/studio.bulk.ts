// Several of the caller's tasks at once: a ZIP download of their images, and deletion.
import { Count, Timestamp, UrlText } from './common.ts';
import { TaskIdText } from './studio.ts';
import { z } from './zod.ts';

/** The most tasks one ZIP or one bulk delete takes (about 1,000 images: a day's work of a busy user). */
export const BULK_MAX_TASKS = 1000;

export const TaskIdsBody = z
  .object({
    taskIds: z
      .array(TaskIdText)
      .min(1, 'Choose at least one task')
      .max(BULK_MAX_TASKS, `At most ${BULK_MAX_TASKS} tasks at once`)
      .describe('Public task ids of your tasks; repeats count once.')
      .openapi({ example: ['tsk_5f1c2a7e9b', 'tsk_8d0e4b1c3a'] }),
  })
  .openapi('TaskIdsBody');
export type TaskIdsBody = z.infer<typeof TaskIdsBody>;

export const ImageArchiveLink = z
  .object({
    url: UrlText.describe(
      'The path of the ZIP on this server: open it (a link or a navigation) to download; it works for the same signed-in user only.',
    ).openapi({ example: '/api/image-tasks/archives/Zk3q9Ab2Cd4Ef6Gh8Ij0Kl' }),
    expiresAt: Timestamp.describe('After this, the address answers 404; ask for a new one.'),
    images: Count('Images the ZIP will hold (every result of every task).', 2),
  })
  .openapi('ImageArchiveLink');
export type ImageArchiveLink = z.infer<typeof ImageArchiveLink>;

export const ImageArchiveParams = z
  .object({
    archiveId: z.string().max(40).describe('The id of `POST /api/image-tasks/archives`.').openapi({ example: 'Zk3q9Ab2Cd4Ef6Gh8Ij0Kl' }),
  })
  .openapi('ImageArchiveParams');

export const DeletedTasks = z
  .object({ deleted: Count('Tasks deleted now (those deleted before are not counted again).', 2) })
  .openapi('DeletedTasks');
export type DeletedTasks = z.infer<typeof DeletedTasks>;
