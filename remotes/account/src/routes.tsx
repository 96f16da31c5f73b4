import type { RemotePagePath } from '@app/contract/constants';
import { type RemoteRoutesProps, Route, RouteSwitch } from '@app/ui';
import { type ComponentType, lazy } from 'react';
import { LoginPage } from './login/LoginPage.tsx';
import './shared/account.css';

// The signed-in pages and their dialogs load on their own, so /login downloads only the sign-in form. The
// host's Suspense around the remote shows its skeleton meanwhile.
const ApiPage = lazy(() => import('./api/ApiPage.tsx').then((m) => ({ default: m.ApiPage })));
const MyAccountPage = lazy(() => import('./my-account/MyAccountPage.tsx').then((m) => ({ default: m.MyAccountPage })));

const PAGES: Record<RemotePagePath<'account'>, ComponentType> = {
  '/login': LoginPage,
  '/my-account': MyAccountPage,
  '/api': ApiPage,
};

/** Exposed as `account/routes`: the host nests it under each of its pages (`base`); it routes the addresses below. */
export default function AccountRoutes({ base, notFound }: RemoteRoutesProps) {
  return (
    <RouteSwitch>
      <Route path="/" component={PAGES[base as RemotePagePath<'account'>]} />
      <Route>{notFound}</Route>
    </RouteSwitch>
  );
}
