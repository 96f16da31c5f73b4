import type { RemotePagePath } from '@app/contract/constants';
import { type RemoteRoutesProps, Route, RouteSwitch } from '@app/ui';
import { type ComponentType, lazy } from 'react';
import { LoginPage } from './login/LoginPage.tsx';
import './shared/account.css';

// The signed-in pages and their dialogs load on their own, so /login downloads only the sign-in form. The
// host's Suspense around the remote shows its skeleton meanwhile.
const ApiPage = lazy(() => import('./api/ApiPage.tsx').then((m) => ({ default: m.ApiPage })));
const MyAccountPage = lazy(() => import('./my-account/MyAccountPage.tsx').then((m) => ({ default: m.MyAccountPage })));
// The pages mailed links and "Forgot password?" open, below /login.
const ForgotPasswordPage = lazy(() => import('./login/ForgotPasswordPage.tsx').then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => import('./login/ResetPasswordPage.tsx').then((m) => ({ default: m.ResetPasswordPage })));
const VerifyEmailPage = lazy(() => import('./login/VerifyEmailPage.tsx').then((m) => ({ default: m.VerifyEmailPage })));

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
      {base === '/login' && <Route path="/forgot-password" component={ForgotPasswordPage} />}
      {base === '/login' && <Route path="/reset-password" component={ResetPasswordPage} />}
      {base === '/login' && <Route path="/verify-email" component={VerifyEmailPage} />}
      <Route>{notFound}</Route>
    </RouteSwitch>
  );
}
