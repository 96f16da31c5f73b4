import { BoardIdParams } from './boards.ts';
import { defineRoute, type ProblemExample } from './route.ts';
import { Share, ShareBody, ShareState } from './shares.ts';
import { ImageTaskIdParams } from './studio.ts';

const tags = ['Sharing'];

const NOT_COMPLETED: ProblemExample = {
  code: 'task_not_completed',
  title: 'Task not completed',
  detail: 'Only a completed image can be shared.',
};

const PUBLIC_PAGE =
  "The page at `url` shows only what is shared: the image (or the board's completed images, newest first), its prompt only with `showPrompt`, never your name, account, other images or ids. It carries Open Graph and Twitter card tags so chats preview it.";

export const shareImageTask = defineRoute({
  method: 'put',
  path: '/api/image-tasks/{taskId}/share',
  operationId: 'shareImageTask',
  summary: 'Share an image by a public link',
  description: `Turns the image's public link on, or changes \`showPrompt\` of the link it has (the link stays the same): idempotent. Turning it on after \`DELETE\` makes a new link; the old one stays dead. Only a completed image can be shared (409 \`task_not_completed\`). Another user's task answers 404. ${PUBLIC_PAGE}`,
  tags,
  role: 'user',
  request: { params: ImageTaskIdParams, body: ShareBody },
  responses: { 200: { description: 'The link.', schema: Share } },
  problems: [404, 409],
  problemExamples: { 409: [NOT_COMPLETED] },
});

export const getImageTaskShare = defineRoute({
  method: 'get',
  path: '/api/image-tasks/{taskId}/share',
  operationId: 'getImageTaskShare',
  summary: "An image's public link",
  description: "`share` is null while the image is not shared. Another user's task answers 404.",
  tags,
  role: 'user',
  request: { params: ImageTaskIdParams },
  responses: { 200: { description: 'The link, if any.', schema: ShareState } },
  problems: [404],
});

export const unshareImageTask = defineRoute({
  method: 'delete',
  path: '/api/image-tasks/{taskId}/share',
  operationId: 'unshareImageTask',
  summary: 'Stop sharing an image',
  description: "The public link answers 404 from now on. Not shared is no error. Another user's task answers 404.",
  tags,
  role: 'user',
  request: { params: ImageTaskIdParams },
  responses: { 204: { description: 'Not shared any more.' } },
  problems: [404],
});

export const shareBoard = defineRoute({
  method: 'put',
  path: '/api/boards/{boardId}/share',
  operationId: 'shareBoard',
  summary: 'Share a board by a public link',
  description: `Turns the board's public link on, or changes \`showPrompt\` of the link it has: idempotent. Turning it on after \`DELETE\` makes a new link. The page follows the board: images added show, images taken off or deleted go. Another user's board answers 404. ${PUBLIC_PAGE}`,
  tags,
  role: 'user',
  request: { params: BoardIdParams, body: ShareBody },
  responses: { 200: { description: 'The link.', schema: Share } },
  problems: [404],
});

export const getBoardShare = defineRoute({
  method: 'get',
  path: '/api/boards/{boardId}/share',
  operationId: 'getBoardShare',
  summary: "A board's public link",
  description: "`share` is null while the board is not shared. Another user's board answers 404.",
  tags,
  role: 'user',
  request: { params: BoardIdParams },
  responses: { 200: { description: 'The link, if any.', schema: ShareState } },
  problems: [404],
});

export const unshareBoard = defineRoute({
  method: 'delete',
  path: '/api/boards/{boardId}/share',
  operationId: 'unshareBoard',
  summary: 'Stop sharing a board',
  description: "The public link answers 404 from now on. Not shared is no error. Another user's board answers 404.",
  tags,
  role: 'user',
  request: { params: BoardIdParams },
  responses: { 204: { description: 'Not shared any more.' } },
  problems: [404],
});

export const shareRoutes = [shareImageTask, getImageTaskShare, unshareImageTask, shareBoard, getBoardShare, unshareBoard] as const;
