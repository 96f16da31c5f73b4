// Our public task ids: unguessable, URL-safe, and usable as a storage path segment (`results/<taskId>/0.png`).
import { randomId } from '../../../storage/storage.ts';

const TASK_ID = /^tsk_[A-Za-z0-9_-]{22}$/;

/** `tsk_` + 128 random bits in base64url. */
export function newTaskId(): string {
  return `tsk_${randomId()}`;
}

/** Whether a string has the shape of one of our task ids (cheap check before a query). */
export function isTaskId(value: unknown): value is string {
  return typeof value === 'string' && TASK_ID.test(value);
}
