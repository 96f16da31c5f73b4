import { useLocation } from '@app/ui';
import { GeneratePage } from './pages/GeneratePage.tsx';
import { MyCreationsPage } from './pages/MyCreationsPage.tsx';

/** Exposed as `studio/routes`: the host mounts it for /generate and /my-creations. */
export default function StudioRoutes() {
  const { pathname } = useLocation();
  return pathname.startsWith('/my-creations') ? <MyCreationsPage /> : <GeneratePage />;
}
