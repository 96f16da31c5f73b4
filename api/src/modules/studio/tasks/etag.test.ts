import { createHash } from 'node:crypto';
import { ImageTaskListQuery } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { matchesIfNoneMatch, pageSignature, taskListEtag } from './etag.ts';

const query = { page: 1, limit: 16, days: 7, favourite: false, scope: 'recent' } as const;

describe('task list ETags', () => {
  it('are strong, stable, and differ by user, page, window, favourites filter, total and content', () => {
    const version = { total: 3, signature: 'abc' };
    const tag = taskListEtag('u1', query, version);
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(taskListEtag('u1', query, { ...version })).toBe(tag);
    const others = [
      taskListEtag('u2', query, version),
      taskListEtag('u1', { ...query, page: 2 }, version),
      taskListEtag('u1', { ...query, limit: 17 }, version),
      taskListEtag('u1', { ...query, days: 14 }, version),
      taskListEtag('u1', { ...query, favourite: true }, version),
      taskListEtag('u1', { ...query, q: 'cat' }, version),
      taskListEtag('u1', { ...query, q: 'dog' }, version),
      taskListEtag('u1', { ...query, type: 'upscale' }, version),
      taskListEtag('u1', { ...query, status: 'failed' }, version),
      taskListEtag('u1', { ...query, via: 'api' }, version),
      taskListEtag('u1', { ...query, scope: 'all' }, version),
      taskListEtag('u1', { ...query, from: '2026-01-01' }, version),
      taskListEtag('u1', { ...query, to: '2026-01-01' }, version),
      taskListEtag('u1', { ...query, cursor: 'abc' }, version),
      taskListEtag('u1', query, { ...version, total: 4 }),
      taskListEtag('u1', query, { ...version, signature: 'abd' }),
    ];
    expect(new Set([tag, ...others]).size).toBe(17);
  });

  it('cover the whole validated query: a field added to it gives another tag', () => {
    const version = { total: 3, signature: 'abc' };
    const WithSearch = ImageTaskListQuery.extend({ search: z.string().optional() });
    const tags = [{}, { search: 'cat' }, { search: 'dog' }].map((query) => taskListEtag('u1', WithSearch.parse(query), version));
    expect(tags[0]).toBe(taskListEtag('u1', ImageTaskListQuery.parse({}), version));
    expect(new Set(tags).size).toBe(3);
  });

  it('sign a page the way the database does: md5 of id:revision joined by commas', () => {
    const tasks = [
      { id: 'b', revision: 2 },
      { id: 'a', revision: 1 },
    ];
    expect(pageSignature(tasks)).toBe(createHash('md5').update('b:2,a:1').digest('hex'));
    expect(pageSignature([])).toBe('empty');
    expect(pageSignature([{ id: 'b', revision: 3 }, tasks[1] ?? { id: '', revision: 0 }])).not.toBe(pageSignature(tasks));
  });

  it('match If-None-Match lists, weak forms and *', () => {
    const tag = '"abc"';
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
    expect(matchesIfNoneMatch('', tag)).toBe(false);
    expect(matchesIfNoneMatch('"abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('W/"abc"', tag)).toBe(true);
    expect(matchesIfNoneMatch('"x", "abc" ,"y"', tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
    expect(matchesIfNoneMatch('"abcd"', tag)).toBe(false);
    expect(matchesIfNoneMatch('abc', tag)).toBe(false);
  });
});
