// Text with control characters is refused for every route at the binder, before any schema or handler: PostgreSQL
// rejects NUL in text (a 500 otherwise) and no field of ours has a use for the others. Tab, line feed and carriage
// return stay allowed (prompts and descriptions have lines).
import type { FieldError } from '@app/contract';
import { type InputLocation, toPointer } from '../errors.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const MESSAGE = 'Must not contain control characters (such as NUL).';

/** Whether any string (or object key) under `value` holds a control character; allocates nothing. */
export function hasControlCharacters(value: unknown): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (Array.isArray(value)) return value.some(hasControlCharacters);
  if (value !== null && typeof value === 'object') {
    for (const key in value) {
      if (CONTROL.test(key) || hasControlCharacters((value as Record<string, unknown>)[key])) return true;
    }
  }
  return false;
}

/** One field error per string (or object key) under `value` that holds a control character. */
export function controlCharacterErrors(value: unknown, location: InputLocation, path: PropertyKey[] = []): FieldError[] {
  if (typeof value === 'string') return CONTROL.test(value) ? [{ pointer: toPointer(location, path), detail: MESSAGE }] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => controlCharacterErrors(item, location, [...path, index]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      ...(CONTROL.test(key) ? [{ pointer: toPointer(location, [...path, key]), detail: MESSAGE }] : []),
      ...controlCharacterErrors(item, location, [...path, key]),
    ]);
  }
  return [];
}
