import { useT, WithMessages } from '@app/i18n';
import { Suspense } from 'react';
import { SectionHeader } from '../shared/SectionHeader.tsx';
import { AuditLog } from './AuditLog.tsx';
import { SecondFactorRule } from './SecondFactorRule.tsx';
import './audit.css';

/** Security & Audit: the second-factor rule for admins, and the audit log with its filters. */
export function AuditSection() {
  const t = useT();
  return (
    <section>
      <SectionHeader title={t('admin.sectionAudit')} description={t('admin.auditDescription')} />
      <Suspense fallback={null}>
        <WithMessages domains={['security']}>
          <SecondFactorRule />
          <AuditLog />
        </WithMessages>
      </Suspense>
    </section>
  );
}
