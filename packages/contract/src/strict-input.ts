// Request bodies and query strings are closed by default: a field or parameter the contract does not declare is
// refused (400 naming it, so a typo or a newer client's feature never passes unnoticed) and the spec says
// `additionalProperties: false`. `defineRoute` applies this to every route, so a new route inherits it without
// writing anything. Open on purpose: objects declared with `z.looseObject`, the payloads a provider owns (its
// webhooks, callbacks and redirect parameters), where new fields appear whenever the provider adds them.
import { z } from './zod.ts';

type Def = Record<string, unknown> & { type: string };
type Schema = z.ZodType & { clone(def: Def, params: { parent: boolean }): z.ZodType };

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;
const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && '_zod' in value;

/** Whether an object schema is a provider-owned open one (`z.looseObject`: any other key is `unknown`). */
export function isOpenObject(schema: z.ZodType): boolean {
  const { type, catchall } = defOf(schema);
  return type === 'object' && isSchema(catchall) && defOf(catchall).type === 'unknown';
}

/** Wrappers and containers whose inner schemas see the request's values (a pipe's output does not). */
const INNER: Record<string, readonly string[]> = {
  optional: ['innerType'],
  nullable: ['innerType'],
  default: ['innerType'],
  prefault: ['innerType'],
  nonoptional: ['innerType'],
  readonly: ['innerType'],
  catch: ['innerType'],
  array: ['element'],
  set: ['valueType'],
  record: ['valueType'],
  pipe: ['in'],
  intersection: ['left', 'right'],
  union: ['options'],
  tuple: ['items', 'rest'],
};

const closedOf = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The same schema with every object under it closed (unknown keys refused), except open objects and what is
 * under them. Schemas without an object below are returned as they are; clones keep their metadata (names,
 * descriptions, examples) through zod's parent link, so the spec keeps its component names.
 */
export function strictInput<T extends z.ZodType>(schema: T): T {
  return close(schema) as T;
}

function close(schema: z.ZodType): z.ZodType {
  const known = closedOf.get(schema);
  if (known) return known;
  const def = defOf(schema);
  let next: Def | undefined;
  if (def.type === 'object') {
    if (!isOpenObject(schema)) {
      const entries = Object.entries(def.shape as Record<string, z.ZodType>);
      const shape = Object.fromEntries(entries.map(([key, value]) => [key, close(value)]));
      // An explicit catchall (other than `unknown`) declares the extra keys it allows: it stays.
      if (def.catchall === undefined || entries.some(([key, value]) => shape[key] !== value)) {
        next = { ...def, shape, catchall: def.catchall ?? z.never() };
      }
    }
  } else if (def.type === 'lazy') {
    const getter = def.getter as () => z.ZodType;
    next = { ...def, getter: () => close(getter()) };
  } else {
    for (const key of INNER[def.type] ?? []) {
      const value = def[key];
      const closed = Array.isArray(value)
        ? value.map((item) => (isSchema(item) ? close(item) : item))
        : isSchema(value)
          ? close(value)
          : value;
      const changed = Array.isArray(value) ? (closed as unknown[]).some((item, i) => item !== value[i]) : closed !== value;
      if (changed) next = { ...(next ?? def), [key]: closed };
    }
  }
  const result = next ? (schema as Schema).clone(next, { parent: true }) : schema;
  closedOf.set(schema, result);
  return result;
}
