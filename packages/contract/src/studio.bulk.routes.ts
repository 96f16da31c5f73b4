import { defineRoute, type ProblemExample } from './route.ts';
import { BULK_MAX_TASKS, DeletedTasks, ImageArchiveLink, ImageArchiveParams, TaskIdsBody } from './studio.bulk.ts';
import { ImageTaskIdParams } from './studio.ts';

const tags = ['Studio'];
const NOT_YOURS: ProblemExample = { code: 'not_found', title: 'Not found', detail: 'No task of yours has the id tsk_8d0e4b1c3a.' };
const IN_PROGRESS: ProblemExample = {
  code: 'task_in_progress',
  title: 'Task in progress',
  detail: 'tsk_5f1c2a7e9b is still being made; delete it once it is done.',
};

export const createImageArchive = defineRoute({
  method: 'post',
  path: '/api/image-tasks/archives',
  operationId: 'createImageArchive',
  summary: 'Prepare a ZIP of your images',
  description: `Checks the tasks (up to ${BULK_MAX_TASKS}: your own, completed) and answers a short-lived address of the ZIP. Nothing is built yet: \`GET\` of that address streams it while it is made, so the browser saves it to disk as it arrives. Any id that is not one of your tasks answers 404, one not completed 409, naming it.`,
  tags,
  role: 'user',
  request: { body: TaskIdsBody },
  responses: { 201: { description: 'The download address.', schema: ImageArchiveLink } },
  problems: [404, 409],
  problemExamples: {
    404: [NOT_YOURS],
    409: [{ code: 'task_not_completed', title: 'Task not completed', detail: 'tsk_5f1c2a7e9b has no image to download.' }],
  },
});

export const downloadImageArchive = defineRoute({
  method: 'get',
  path: '/api/image-tasks/archives/{archiveId}',
  operationId: 'downloadImageArchive',
  summary: 'Download a ZIP of your images',
  description:
    "A ZIP (`Content-Disposition: attachment`) of each chosen image, named `<day>_<taskId>_<n>.<ext>`, and `manifest.json` with each image's prompt, kind, model, settings (aspect ratio, format, size, seed, scale) and times. Streamed as it is built; tasks deleted since are left out. Works for 15 minutes, for the user who asked only (404 otherwise).",
  tags,
  role: 'user',
  request: { params: ImageArchiveParams },
  responses: {
    200: { description: 'The ZIP, streamed.', contentType: 'application/zip', maxBytes: BULK_MAX_TASKS * 4 * 32 * 1024 * 1024 },
  },
  problems: [404],
});

export const deleteImageTask = defineRoute({
  method: 'delete',
  path: '/api/image-tasks/{taskId}',
  operationId: 'deleteImageTask',
  summary: 'Delete one of your tasks',
  description:
    "Removes the task from your lists and its images and thumbnails from storage (their addresses answer 404 from then on). The credits it cost stay in your history. Deleting it again answers 204 too; another user's task answers 404; a task still being made answers 409.",
  tags,
  role: 'user',
  request: { params: ImageTaskIdParams },
  responses: { 204: { description: 'Deleted (or deleted before).' } },
  problems: [404, 409],
  problemExamples: { 404: [NOT_YOURS], 409: [IN_PROGRESS] },
});

export const deleteImageTasks = defineRoute({
  method: 'post',
  path: '/api/image-tasks/delete',
  operationId: 'deleteImageTasks',
  summary: 'Delete several of your tasks',
  description: `Deletes up to ${BULK_MAX_TASKS} of your tasks as \`DELETE /api/image-tasks/{taskId}\` does, all or none: any id that is not one of your tasks (404) or a task still being made (409) refuses the whole request, naming it.`,
  tags,
  role: 'user',
  request: { body: TaskIdsBody },
  responses: { 200: { description: 'How many were deleted now.', schema: DeletedTasks } },
  problems: [404, 409],
  problemExamples: { 404: [NOT_YOURS], 409: [IN_PROGRESS] },
});

export const studioBulkRoutes = [createImageArchive, downloadImageArchive, deleteImageTask, deleteImageTasks] as const;
