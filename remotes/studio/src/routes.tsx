import type { RemotePagePath } from '@app/contract/constants';
import { type RemoteRoutesProps, Route, RouteSwitch } from '@app/ui';
import type { ComponentType } from 'react';
import { GeneratePage } from './pages/GeneratePage.tsx';
import { MyCreationsPage } from './pages/MyCreationsPage.tsx';

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
