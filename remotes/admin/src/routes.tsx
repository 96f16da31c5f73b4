import { useLocation } from '@app/ui';
import { AdminPage } from './pages/AdminPage.tsx';
import { HistoryPage } from './pages/HistoryPage.tsx';

/** Exposed as `admin/routes`: the host mounts it for /admin and /history. */
export default function AdminRoutes() {
  const { pathname } = useLocation();
  return pathname.startsWith('/history') ? <HistoryPage /> : <AdminPage />;
}
