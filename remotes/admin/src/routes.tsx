import type { RemotePagePath } from '@app/contract/constants';
import { type RemoteRoutesProps, Route, RouteSwitch } from '@app/ui';
import type { ComponentType } from 'react';
import { AdminPage } from './pages/AdminPage.tsx';
import { HistoryPage } from './pages/HistoryPage.tsx';

const PAGES: Record<RemotePagePath<'admin'>, ComponentType> = {
  '/admin': AdminPage,
  '/history': HistoryPage,
};

/** Exposed as `admin/routes`: the host nests it under each of its pages (`base`); it routes the addresses below. */
export default function AdminRoutes({ base, notFound }: RemoteRoutesProps) {
  return (
    <RouteSwitch>
      <Route path="/" component={PAGES[base as RemotePagePath<'admin'>]} />
      <Route>{notFound}</Route>
    </RouteSwitch>
  );
}
