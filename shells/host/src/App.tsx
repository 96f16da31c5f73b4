import { AppProviders } from './AppProviders.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { Layout } from './layout/Layout.tsx';

export function App() {
  return (
    <AppProviders>
      <Layout>
        <AppRoutes />
      </Layout>
    </AppProviders>
  );
}
