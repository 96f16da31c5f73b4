import { Router } from '@koa/router';
import { describe, expect, it } from 'vitest';
import type { AppContextExtras, AppState } from './context.ts';
import { rememberRouteLookups } from './route-lookup.ts';

function router() {
  const plain = new Router<AppState, AppContextExtras>();
  const remembering = rememberRouteLookups(new Router<AppState, AppContextExtras>());
  for (const each of [plain, remembering]) {
    each.get('/api/items', () => undefined);
    each.post('/api/items', () => undefined);
    each.get('/api/items/:id', () => undefined);
  }
  return { plain, remembering };
}

const summary = (lookup: ReturnType<Router['match']>) => ({
  path: lookup.path.map((layer) => `${layer.methods.join(',')} ${layer.path}`),
  pathAndMethod: lookup.pathAndMethod.map((layer) => `${layer.methods.join(',')} ${layer.path}`),
  route: lookup.route,
});

describe('rememberRouteLookups', () => {
  it('answers as the router does, the first time and again', () => {
    const { plain, remembering } = router();
    const cases: [string, string][] = [
      ['/api/items', 'GET'],
      ['/api/items', 'POST'],
      ['/api/items', 'DELETE'],
      ['/api/items/1', 'GET'],
      ['/api/items/2', 'GET'],
      ['/api/nothing', 'GET'],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [path, method] of cases) {
        expect(summary(remembering.match(path, method))).toEqual(summary(plain.match(path, method)));
      }
    }
  });

  it('hands each caller its own lists, and starts over when a route is added', () => {
    const { remembering } = router();
    const first = remembering.match('/api/items', 'GET');
    first.path.push(first.path[0] as never);
    expect(remembering.match('/api/items', 'GET').path).toHaveLength(2);
    expect(remembering.match('/api/other', 'GET').route).toBe(false);
    remembering.get('/api/other', () => undefined);
    expect(remembering.match('/api/other', 'GET').route).toBe(true);
  });
});
