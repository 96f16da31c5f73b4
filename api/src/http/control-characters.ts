// Text with control characters is refused for every route at the binder, before any schema or handler: PostgreSQL
// rejects NUL in text (a 500 otherwise) and no field of ours has a use for the others. Tab, line feed and carriage
// return stay allowed (prompts and descriptions have lines).
import type { FieldError } from '@app/contract';
import { type InputLocation, toPointer } from '../errors.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const MESSAGE = 'Must not contain control characters (such as NUL).';

/**
 * Whether any string (or object key) under `value` holds a control character. Iterative (an explicit stack, no
 * recursion): however deep the value, it cannot overflow the call stack.
 */
export function hasControlCharacters(value: unknown): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (CONTROL.test(item)) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) stack.push(child);
    } else if (item !== null && typeof item === 'object') {
      for (const key in item) {
        if (CONTROL.test(key)) return true;
        stack.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** A place in the walked value: its key and the place holding it, so a path is only built for an error. */
interface Place {
  parent: Place | undefined;
  name: PropertyKey;
}

function pathOf(place: Place | undefined): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at = place; at; at = at.parent) path.push(at.name);
  return path.reverse();
}

/** One field error per string (or object key) under `value` that holds a control character, in document order; iterative. */
export function controlCharacterErrors(value: unknown, location: InputLocation): FieldError[] {
  const errors: FieldError[] = [];
  // `key: true` stands for the object key at `place` itself, judged before what it holds.
  const stack: Array<{ item: unknown; place: Place | undefined; key?: true }> = [{ item: value, place: undefined }];
  while (stack.length > 0) {
    const { item, place, key } = stack.pop() as (typeof stack)[number];
    if (key || typeof item === 'string') {
      if (CONTROL.test(key ? String(place?.name) : (item as string)))
        errors.push({ pointer: toPointer(location, pathOf(place)), detail: MESSAGE });
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    const entries: Array<[PropertyKey, unknown]> = Array.isArray(item) ? item.map((child, index) => [index, child]) : Object.entries(item);
    // Last to first, so the first entry comes off the stack first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [name, child] = entries[i] as [PropertyKey, unknown];
      const at = { parent: place, name };
      stack.push({ item: child, place: at });
      if (typeof name === 'string') stack.push({ item: undefined, place: at, key: true });
    }
  }
  return errors;
}
