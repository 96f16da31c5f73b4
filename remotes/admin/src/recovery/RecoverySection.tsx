import { useT } from '@app/i18n';
import { SectionHeader } from '../shared/SectionHeader.tsx';
import { DeleteFailedCard } from './DeleteFailedCard.tsx';
import { FailedTasksCard } from './FailedTasksCard.tsx';
import { RecheckCard } from './RecheckCard.tsx';
import { RefundCard } from './RefundCard.tsx';
import './recovery.css';

/** Image Recovery: re-check failed tasks, clear them out, and refund a single task, picked from the failed ones or by id. */
export function RecoverySection() {
  const t = useT();
  return (
    <section>
      <SectionHeader title={t('admin.sectionRecovery')} description={t('admin.recoveryDescription')} />
      <div className="admin-recovery-grid">
        <RecheckCard />
        <DeleteFailedCard />
        <RefundCard />
      </div>
      <FailedTasksCard />
    </section>
  );
}
