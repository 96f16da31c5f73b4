// Our public task ids: unguessable, URL-safe, and usable as a storage path segment (`results/<taskId>/0.png`).
import { randomId } from '../../../storage/storage.ts';

/** `tsk_` + 128 random bits in base64url. */
export function newTaskId(): string {
  return `tsk_${randomId()}`;
}

/** `bat_` + 128 random bits: the shared id of one request's several tasks. */
export function newBatchId(): string {
  return `bat_${randomId()}`;
}
