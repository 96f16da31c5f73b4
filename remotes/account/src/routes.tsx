import { useLocation } from '@app/ui';
import { ApiPage } from './api/ApiPage.tsx';
import { LoginPage } from './login/LoginPage.tsx';
import { MyAccountPage } from './my-account/MyAccountPage.tsx';
import './shared/account.css';

/** Exposed as `account/routes`: the host mounts it for /login, /my-account and /api. */
export default function AccountRoutes() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/my-account')) return <MyAccountPage />;
  if (pathname.startsWith('/api')) return <ApiPage />;
  return <LoginPage />;
}
