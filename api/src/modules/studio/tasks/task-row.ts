// The repository's column map of a task: the one list of what a task is read and presented from. The list's SELECT,
// the row type and the conversion from what the driver hands back all come from it, so a new field is one line here.
import type { ImageTask } from './image-task.entity.ts';

/** How a column is read back; the entity's property type decides which one it may be. */
type ColumnKind = 'text' | 'text[]' | 'integer' | 'boolean' | 'time';

type KindOf<T> = [NonNullable<T>] extends [Date]
  ? 'time'
  : [NonNullable<T>] extends [readonly string[]]
    ? 'text[]'
    : [NonNullable<T>] extends [number]
      ? 'integer'
      : [NonNullable<T>] extends [boolean]
        ? 'boolean'
        : [NonNullable<T>] extends [string]
          ? 'text'
          : never;

/** Entity properties and how each is read; the column is the property's name in snake case (the ORM's naming). */
type ColumnMap = { readonly [K in keyof ImageTask]?: KindOf<ImageTask[K]> };

/**
 * What a task is presented from (`presenter.ts`), plus `revision` (the list's ETag and the live event's order).
 * Job bookkeeping, provider ids and accounts are not here: they never leave the server.
 */
export const TASK_COLUMNS = {
  id: 'text',
  taskId: 'text',
  prompt: 'text',
  inputImageUrls: 'text[]',
  model: 'text',
  generationType: 'text',
  aspectRatio: 'text',
  scaleRatio: 'integer',
  faceEnhancement: 'boolean',
  outputFormat: 'text',
  imageSize: 'text',
  seeds: 'integer',
  enableFallback: 'boolean',
  status: 'text',
  resultUrls: 'text[]',
  thumbnailUrl: 'text',
  hdImageUrl: 'text',
  errorMessage: 'text',
  creditsUsed: 'integer',
  createdVia: 'text',
  refunded: 'boolean',
  refundedAt: 'time',
  createdAt: 'time',
  completedAt: 'time',
  revision: 'integer',
} as const satisfies ColumnMap;

/** A task as the presenter reads it: an entity, or a row read with `TASK_ROW_SELECT`. */
export type TaskRow = Pick<ImageTask, keyof typeof TASK_COLUMNS>;

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A column under its property's name; times as ISO text, so both drivers give the same thing back. */
function selectColumn(property: string, kind: ColumnKind): string {
  const column = `"${snakeCase(property)}"`;
  const value = kind === 'time' ? `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : column;
  return `${value} as "${property}"`;
}

/** The SELECT list of a task row (for `readTaskRow`). */
export const TASK_ROW_SELECT = Object.entries(TASK_COLUMNS)
  .map(([property, kind]) => selectColumn(property, kind))
  .join(', ');

/** A row read with `TASK_ROW_SELECT` (other columns of the statement are left out). */
export function readTaskRow(raw: Record<string, unknown>): TaskRow {
  const row: Record<string, unknown> = {};
  for (const [property, kind] of Object.entries(TASK_COLUMNS)) row[property] = readValue(kind, raw[property]);
  // The database is the source of these values; the map's kinds are checked against the entity's types above.
  return row as TaskRow;
}

function readValue(kind: ColumnKind, value: unknown): unknown {
  if (kind === 'text[]') return textArray(value as string[] | string | null);
  if (value === null || value === undefined) return null;
  if (kind === 'integer') return Number(value);
  if (kind === 'time') return new Date(value as string);
  return value;
}

/** `text[]` as a JS array (drivers hand it over parsed; a literal `{a,b}` is parsed here just in case). */
function textArray(value: string[] | string | null): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return (
    value
      .slice(1, -1)
      .match(/"(?:[^"\\]|\\.)*"|[^,]+/g)
      ?.map((item) => (item.startsWith('"') ? item.slice(1, -1).replace(/\\(.)/g, '$1') : item)) ?? []
  );
}
