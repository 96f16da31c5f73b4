import { useProblemMessage, useQuery } from '@app/api-client';
import { useT } from '@app/i18n';
import { Card, Spinner } from '@app/ui';
import { SectionHeader } from '../shared/SectionHeader.tsx';
import { AccountsCard } from './AccountsCard.tsx';
import { CardPaymentCard } from './CardPaymentCard.tsx';
import { GoogleCard } from './GoogleCard.tsx';
import { PaypalCard } from './PaypalCard.tsx';
import { PricesCard } from './PricesCard.tsx';
import { ProviderTokenCard } from './ProviderTokenCard.tsx';
import { TelegramCard } from './TelegramCard.tsx';
import './settings.css';

/**
 * API Settings: one card per concern, each saving only its own fields. Cards read the settings
 * when they mount, so saving one card never throws away unsaved edits in another.
 */
export function SettingsSection() {
  const t = useT();
  const problemMessage = useProblemMessage();
  const { data: settings, error } = useQuery('/api/admin/settings');
  return (
    <section>
      <SectionHeader title={t('admin.sectionSettings')} description={t('admin.settingsDescription')} />
      {error && <Card className="admin-empty">{problemMessage(error, t('admin.loadFailed'))}</Card>}
      {!settings && !error && <Spinner size="lg" className="admin-section-spinner" />}
      {settings && (
        <div className="admin-settings-grid">
          <PricesCard settings={settings} />
          <AccountsCard settings={settings} />
          <ProviderTokenCard settings={settings} />
          <CardPaymentCard settings={settings} />
          <PaypalCard settings={settings} />
          <GoogleCard settings={settings} />
          <TelegramCard settings={settings} />
        </div>
      )}
    </section>
  );
}
