// The breaking-change check on two small specs: what Optic's rules call breaking, and how an accepted break, a stale
// entry and an entry without a reason are judged. (CI runs the same check on the real spec: scripts/test.sh.)
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Break, findBreaks, judge } from './openapi-breaks.ts';

/** A one-operation API: `POST /api/things` taking `name` and answering `id`, `label`. */
function spec(change: { requestRequired?: string[]; responseProperties?: string[]; status?: string } = {}) {
  const properties = Object.fromEntries((change.responseProperties ?? ['id', 'label']).map((name) => [name, { type: 'string' }]));
  return {
    openapi: '3.1.0',
    info: { title: 'Things', version: '1.0.0' },
    paths: {
      '/api/things': {
        post: {
          operationId: 'createThing',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: { name: { type: 'string' }, colour: { type: 'string' } },
                  required: change.requestRequired ?? ['name'],
                },
              },
            },
          },
          responses: {
            [change.status ?? '201']: {
              description: 'Created.',
              content: { 'application/json': { schema: { type: 'object', properties, required: Object.keys(properties) } } },
            },
          },
        },
      },
    },
  };
}

let dir: string;
let breaks: Break[];
let same: Break[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'openapi-breaks-'));
  const write = async (name: string, value: unknown) => {
    const path = join(dir, name);
    await writeFile(path, JSON.stringify(value));
    return path;
  };
  const released = await write('released.json', spec());
  const current = await write('current.json', spec({ requestRequired: ['name', 'colour'], responseProperties: ['id'] }));
  [breaks, same] = await Promise.all([findBreaks(released, current), findBreaks(released, await write('same.json', spec()))]);
}, 120_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('findBreaks', () => {
  it('finds a removed response property and a newly required request field', () => {
    expect(breaks.map((found) => found.rule).sort()).toEqual([
      'prevent changing request property to required',
      'prevent removing response property',
    ]);
    expect(breaks.find((found) => found.rule === 'prevent removing response property')?.where).toContain('POST /api/things');
  });

  it('finds nothing between a spec and itself', () => {
    expect(same).toEqual([]);
  });
});

describe('judge', () => {
  it('refuses every break until it is accepted with a reason, and then lets it through', () => {
    expect(judge(breaks, []).unaccepted).toHaveLength(2);
    const accepted = breaks.map(({ rule, where }) => ({ rule, where, reason: 'Intended: version 2 of things.' }));
    expect(judge(breaks, accepted)).toEqual({ unaccepted: [], stale: [], unexplained: [] });
  });

  it('refuses an accepted entry that matches no break, and one without a reason', () => {
    const gone = { rule: 'prevent removing response property', where: 'POST /api/gone response 200', reason: 'Old.' };
    const silent = { ...(breaks[0] as Break), reason: ' ' };
    const verdict = judge(breaks, [gone, silent]);
    expect(verdict.stale).toEqual([gone]);
    expect(verdict.unexplained).toEqual([silent]);
    expect(verdict.unaccepted).toHaveLength(1);
  });
});
