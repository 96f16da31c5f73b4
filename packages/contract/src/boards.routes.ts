import { Board, BoardBody, BoardIdParams, BoardImagesBody, BoardList, TaskBoards } from './boards.ts';
import { BOARD_LIMITS } from './constants.ts';
import { IdempotencyHeaders, REPLAYED_HEADERS, withIdempotencyProblems } from './idempotency.ts';
import { defineRoute, type ProblemExample } from './route.ts';
import { ImageTaskIdParams } from './studio.ts';

const tags = ['Boards'];

const NAME_TAKEN: ProblemExample = {
  code: 'board_name_taken',
  title: 'Name in use',
  detail: 'You already have a board with this name.',
  errors: [{ pointer: '/body/name', detail: 'You already have a board with this name.' }],
};
const NAME_REQUIRED = {
  code: 'validation_failed',
  title: 'Validation failed',
  detail: 'The request body is invalid.',
  errors: [{ pointer: '/body/name', detail: 'Name is required' }],
};
const TASK_NOT_FOUND: ProblemExample = {
  code: 'not_found',
  title: 'Not found',
  detail: 'No task of yours has this id.',
  errors: [{ pointer: '/body/taskIds/0', detail: 'No task of yours has this id.' }],
};

export const listBoards = defineRoute({
  method: 'get',
  path: '/api/boards',
  operationId: 'listBoards',
  summary: 'Your boards',
  description: 'Every board of yours, by name, with how many images it holds and a cover thumbnail.',
  tags,
  role: 'user',
  responses: { 200: { description: 'Your boards.', schema: BoardList } },
});

export const createBoard = defineRoute({
  method: 'post',
  path: '/api/boards',
  operationId: 'createBoard',
  summary: 'Create a board',
  description: `A new, empty board. 409 \`board_name_taken\` (pointer \`/body/name\`) when one of your boards has the name, ignoring case; 409 \`too_many_boards\` past ${BOARD_LIMITS.boardsMax} boards.`,
  tags,
  role: 'user',
  request: { body: BoardBody, headers: IdempotencyHeaders },
  responses: { 201: { description: 'Created.', schema: Board, headers: REPLAYED_HEADERS } },
  ...withIdempotencyProblems([409], { 400: [NAME_REQUIRED], 409: [NAME_TAKEN] }),
});

export const getBoard = defineRoute({
  method: 'get',
  path: '/api/boards/{boardId}',
  operationId: 'getBoard',
  summary: 'One of your boards',
  description: "Another user's board answers 404, as if it did not exist.",
  tags,
  role: 'user',
  request: { params: BoardIdParams },
  responses: { 200: { description: 'The board.', schema: Board } },
  problems: [404],
});

export const renameBoard = defineRoute({
  method: 'patch',
  path: '/api/boards/{boardId}',
  operationId: 'renameBoard',
  summary: 'Rename a board',
  description: "Same name rules as `createBoard` (409 `board_name_taken`). Another user's board answers 404.",
  tags,
  role: 'user',
  request: { params: BoardIdParams, body: BoardBody },
  responses: { 200: { description: 'The renamed board.', schema: Board } },
  problems: [404, 409],
  problemExamples: { 400: [NAME_REQUIRED], 409: [NAME_TAKEN] },
});

export const deleteBoard = defineRoute({
  method: 'delete',
  path: '/api/boards/{boardId}',
  operationId: 'deleteBoard',
  summary: 'Delete a board',
  description: "The board goes; its images stay (in your creations and on your other boards). Another user's board answers 404.",
  tags,
  role: 'user',
  request: { params: BoardIdParams },
  responses: { 204: { description: 'Deleted.' } },
  problems: [404],
});

export const addBoardImages = defineRoute({
  method: 'post',
  path: '/api/boards/{boardId}/images',
  operationId: 'addBoardImages',
  summary: 'Add images to a board',
  description:
    "Adds your tasks to the board; one already on it stays once (adding again is no error). All or nothing: a task id that is not one of yours answers 404 with a pointer to it, and nothing is added. Another user's board answers 404.",
  tags,
  role: 'user',
  request: { params: BoardIdParams, body: BoardImagesBody },
  responses: { 200: { description: 'The board as it is now.', schema: Board } },
  problems: [404],
  problemExamples: { 404: [TASK_NOT_FOUND] },
});

export const removeBoardImages = defineRoute({
  method: 'post',
  path: '/api/boards/{boardId}/images/remove',
  operationId: 'removeBoardImages',
  summary: 'Remove images from a board',
  description:
    "Takes your tasks off the board (the images themselves stay); one not on it is no error. A task id that is not one of yours answers 404 with a pointer to it, and nothing is removed. Another user's board answers 404.",
  tags,
  role: 'user',
  request: { params: BoardIdParams, body: BoardImagesBody },
  responses: { 200: { description: 'The board as it is now.', schema: Board } },
  problems: [404],
  problemExamples: { 404: [TASK_NOT_FOUND] },
});

export const listTaskBoards = defineRoute({
  method: 'get',
  path: '/api/image-tasks/{taskId}/boards',
  operationId: 'listTaskBoards',
  summary: 'The boards a task is on',
  description: "Ids of your boards holding the task. Another user's task answers 404.",
  tags,
  role: 'user',
  request: { params: ImageTaskIdParams },
  responses: { 200: { description: 'Its boards.', schema: TaskBoards } },
  problems: [404],
});

export const boardRoutes = [
  listBoards,
  createBoard,
  getBoard,
  renameBoard,
  deleteBoard,
  addBoardImages,
  removeBoardImages,
  listTaskBoards,
] as const;
