import { AdminGate } from '../access/AdminGate.tsx';
import { AdminDashboard } from '../dashboard/AdminDashboard.tsx';

/** /admin: the dashboard, for administrators only. */
export function AdminPage() {
  return (
    <AdminGate>
      <AdminDashboard />
    </AdminGate>
  );
}
