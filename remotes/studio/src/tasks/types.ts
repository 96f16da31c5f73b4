import type { components } from '@app/api-client';

/** One image task of the signed-in user, as `GET /api/image-tasks` lists it. */
export type ImageTask = components['schemas']['ImageTask'];
export type TaskStatus = ImageTask['status'];
export type TaskModel = ImageTask['model'];
