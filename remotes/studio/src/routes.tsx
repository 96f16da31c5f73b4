import { addLiveCacheWriter } from '@app/api-client';
import type { RemotePagePath } from '@app/contract/constants';
import { type RemoteRoutesProps, Route, RouteSwitch } from '@app/ui';
import type { ComponentType } from 'react';
import { GeneratePage } from './pages/GeneratePage.tsx';
import { MyCreationsPage } from './pages/MyCreationsPage.tsx';
import { writeTaskEvent } from './tasks/liveTasks.ts';

// From the moment the studio's code is on the page, the event stream keeps its task lists current.
addLiveCacheWriter(writeTaskEvent);

const PAGES: Record<RemotePagePath<'studio'>, ComponentType> = {
  '/generate': GeneratePage,
  '/my-creations': MyCreationsPage,
};

/** Exposed as `studio/routes`: the host nests it under each of its pages (`base`); it routes the addresses below. */
export default function StudioRoutes({ base, notFound }: RemoteRoutesProps) {
  return (
    <RouteSwitch>
      <Route path="/" component={PAGES[base as RemotePagePath<'studio'>]} />
      <Route>{notFound}</Route>
    </RouteSwitch>
  );
}
