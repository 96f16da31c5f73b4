import { useLocation } from '@app/ui';
import { lazy } from 'react';
import { LoginPage } from './login/LoginPage.tsx';
import './shared/account.css';

// The signed-in pages and their dialogs load on their own, so /login downloads only the sign-in form. The
// host's Suspense around the remote shows its skeleton meanwhile.
const ApiPage = lazy(() => import('./api/ApiPage.tsx').then((m) => ({ default: m.ApiPage })));
const MyAccountPage = lazy(() => import('./my-account/MyAccountPage.tsx').then((m) => ({ default: m.MyAccountPage })));

/** Exposed as `account/routes`: the host mounts it for /login, /my-account and /api. */
export default function AccountRoutes() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/my-account')) return <MyAccountPage />;
  if (pathname.startsWith('/api')) return <ApiPage />;
  return <LoginPage />;
}
