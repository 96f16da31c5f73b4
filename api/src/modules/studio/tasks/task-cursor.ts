// The task list's opaque cursor: the position (creation time to the microsecond, row id) of the last task sent. The
// next page is the tasks strictly after it in (created_at desc, id desc) order, so tasks arriving meanwhile (newer,
// hence before it) never shift it: no duplicates, no gaps.
import { validationFailed } from '../../../errors.ts';

export interface TaskCursor {
  /** `created_at` as PostgreSQL prints it in UTC to the microsecond (a JS Date would round it to the millisecond). */
  at: string;
  id: string;
}

/** SQL: a row's `created_at` in the cursor's text form. */
export const CURSOR_AT_SQL = `to_char("created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(cursor: TaskCursor): string {
  return Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');
}

/** The position in a cursor; a 400 pointing at `/query/cursor` for anything this list did not hand out. */
export function decodeCursor(text: string): TaskCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (Array.isArray(parsed) && parsed.length === 2) {
    const [at, id] = parsed as unknown[];
    if (typeof at === 'string' && AT.test(at) && !Number.isNaN(Date.parse(at)) && typeof id === 'string' && UUID.test(id))
      return { at, id };
  }
  throw validationFailed([{ path: ['cursor'], message: 'Not a cursor this list handed out; start again without it' }], 'query');
}
