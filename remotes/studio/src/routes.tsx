import { addLiveCacheWriter } from '@app/api-client';
import type { RemotePagePath } from '@app/contract/constants';
import { type RemoteRoutesProps, Route, RouteSwitch } from '@app/ui';
import { type ComponentType, lazy } from 'react';
import { GeneratePage } from './pages/GeneratePage.tsx';
import { writeTaskEvent } from './tasks/liveTasks.ts';

// From the moment the studio's code is on the page, the event stream keeps its task lists current.
addLiveCacheWriter(writeTaskEvent);

// My Creations (search, filters, the virtual grid) on its own: /generate, where people create, does not carry it.
const MyCreationsPage = lazy(() => import('./pages/MyCreationsPage.tsx').then((m) => ({ default: m.MyCreationsPage })));

// The boards pages: their own chunk, with their own messages.
const BoardsRoute = lazy(() => import('./boards/pages.tsx').then((m) => ({ default: m.BoardsRoute })));
const BoardRoute = lazy(() => import('./boards/pages.tsx').then((m) => ({ default: m.BoardRoute })));

const PAGES: Record<RemotePagePath<'studio'>, ComponentType> = {
  '/generate': GeneratePage,
  '/my-creations': MyCreationsPage,
  '/boards': BoardsRoute,
};

/** Exposed as `studio/routes`: the host nests it under each of its pages (`base`); it routes the addresses below. */
export default function StudioRoutes({ base, notFound }: RemoteRoutesProps) {
  return (
    <RouteSwitch>
      <Route path="/" component={PAGES[base as RemotePagePath<'studio'>]} />
      {base === '/boards' ? <Route path="/:boardId">{(params) => <BoardRoute boardId={params.boardId} />}</Route> : null}
      <Route>{notFound}</Route>
    </RouteSwitch>
  );
}
