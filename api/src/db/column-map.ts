// A column map: which properties of an entity a read returns and how each comes back from the driver. The SELECT
// list, the row's type and the conversion all come from it, so a raw read names each field once. Columns are the
// properties in snake case, as the ORM names them (`UnderscoreNamingStrategy`).

/** How a column is read back. */
export type ColumnKind = 'text' | 'text[]' | 'integer' | 'boolean' | 'time';

/** The kind a property of this type may be read as (`never` for relations and other types: not in a map). */
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

/** Some of an entity's properties, each with the kind its type allows. */
export type ColumnKinds<E> = { readonly [K in keyof E]?: KindOf<E[K]> };

export interface ColumnMap<E, K extends keyof E> {
  /** The SELECT list, each column under its property's name (times as ISO text, so every driver returns the same). */
  select(table?: string): string;
  /** A row read with `select()` as the entity's properties (other columns of the statement are left out). */
  read(raw: Record<string, unknown>): Pick<E, K>;
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** `columnMap<Entity>()({ property: kind, ... })`: the entity's type checks each kind. */
export function columnMap<E>() {
  return <const M extends ColumnKinds<E>>(kinds: M): ColumnMap<E, keyof M & keyof E> => {
    const entries = Object.entries(kinds) as [string, ColumnKind][];
    return {
      select: (table) => entries.map(([property, kind]) => selectColumn(property, kind, table)).join(', '),
      read(raw) {
        const row: Record<string, unknown> = {};
        for (const [property, kind] of entries) row[property] = readValue(kind, raw[property]);
        // The kinds were checked against the entity's types; the database is the source of the values.
        return row as Pick<E, keyof M & keyof E>;
      },
    };
  };
}

function selectColumn(property: string, kind: ColumnKind, table?: string): string {
  const column = `${table ? `"${table}".` : ''}"${snakeCase(property)}"`;
  const value = kind === 'time' ? `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : column;
  return `${value} as "${property}"`;
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
