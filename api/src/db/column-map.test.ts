import { describe, expect, it } from 'vitest';
import { columnMap } from './column-map.ts';

interface Thing {
  id: string;
  shownAt: Date | null;
  tags: string[];
  count: number;
  hidden: boolean;
  note: string | null;
}

const THING = columnMap<Thing>()({ id: 'text', shownAt: 'time', tags: 'text[]', count: 'integer', hidden: 'boolean', note: 'text' });

describe('column maps', () => {
  it('select each property from its snake-case column under its own name, times as ISO text', () => {
    expect(THING.select()).toBe(
      `"id" as "id", to_char("shown_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "shownAt", "tags" as "tags", "count" as "count", "hidden" as "hidden", "note" as "note"`,
    );
    expect(THING.select('t').startsWith('"t"."id" as "id", to_char("t"."shown_at"')).toBe(true);
  });

  it('read a row back as the entity types it, leaving other columns out', () => {
    const raw = {
      id: 'a',
      shownAt: '2026-11-20T10:00:00.123Z',
      tags: '{x,"y,z","q\\"r"}',
      count: '7',
      hidden: false,
      note: null,
      total: 3,
    };
    expect(THING.read(raw)).toEqual({
      id: 'a',
      shownAt: new Date('2026-11-20T10:00:00.123Z'),
      tags: ['x', 'y,z', 'q"r'],
      count: 7,
      hidden: false,
      note: null,
    });
    expect(THING.read({ id: 'b', shownAt: null, tags: ['p'], count: 0, hidden: true, note: 'n' })).toMatchObject({
      shownAt: null,
      tags: ['p'],
    });
    expect(THING.read({ id: 'c', tags: '{}', count: 1, hidden: true }).tags).toEqual([]);
  });
});
