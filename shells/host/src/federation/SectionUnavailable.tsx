import { useT } from '@app/i18n';
import { Button, Card, LinkButton } from '@app/ui';
import './SectionUnavailable.css';

/** Shown in place of a remote that failed to load or crashed; the rest of the shell keeps working. */
export function SectionUnavailable({ remote }: { remote: string }) {
  const t = useT();
  return (
    <div className="ui-container ui-page">
      <Card className="section-unavailable" role="alert" data-testid="section-unavailable" data-remote={remote}>
        <div className="section-unavailable-icon" aria-hidden="true">
          !
        </div>
        <h1>{t('common.sectionUnavailableTitle')}</h1>
        <p className="ui-muted">{t('common.sectionUnavailableBody')}</p>
        <div className="section-unavailable-actions">
          <Button onPress={() => window.location.reload()}>{t('common.tryAgain')}</Button>
          <LinkButton href="/" variant="secondary">
            {t('common.goHome')}
          </LinkButton>
        </div>
      </Card>
    </div>
  );
}
