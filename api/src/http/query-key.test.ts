import { ImageTaskListQuery } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryKey } from './query-key.ts';

describe('queryKey', () => {
  it('is the same for queries that parse alike: field order, defaults given or not', () => {
    const key = queryKey(ImageTaskListQuery.parse({ page: '2' }));
    expect(queryKey(ImageTaskListQuery.parse({ days: '14', page: '2', limit: '20' }))).toBe(key);
    expect(queryKey({ b: 1, a: [{ y: 2, x: 1 }], c: undefined })).toBe(queryKey({ a: [{ x: 1, y: 2 }], b: 1 }));
    expect(queryKey({ from: new Date('2026-11-01T00:00:00Z') })).toBe(queryKey({ from: new Date('2026-11-01T00:00:00.000Z') }));
  });

  it('differs for every field of the query, a field added to it included', () => {
    const base = ImageTaskListQuery.parse({});
    const keys = [base, { ...base, page: 2 }, { ...base, limit: 50 }, { ...base, days: 30 }].map(queryKey);
    expect(new Set(keys).size).toBe(4);
    // A filter added to the contract's query is in the key without anyone changing the key's code.
    const Searched = ImageTaskListQuery.extend({
      search: z.string().optional(),
      status: z.array(z.enum(['completed', 'failed'])).optional(),
    });
    const searched = [{}, { search: 'cat' }, { search: 'dog' }, { search: 'cat', status: ['failed'] }].map((query) =>
      queryKey(Searched.parse(query)),
    );
    expect(searched[0]).toBe(queryKey(base));
    expect(new Set(searched).size).toBe(4);
  });
});
