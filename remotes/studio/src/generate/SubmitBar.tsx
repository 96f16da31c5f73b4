import { useSession } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, LinkButton, Spinner } from '@app/ui';

interface SubmitBarProps {
  label: string;
  busyLabel: string;
  isBusy: boolean;
  isDisabled?: boolean;
  /** Credits the action costs (from the pricing call); hidden until known. */
  cost: number | undefined;
  /** For buttons outside a form; inside one the button submits it. */
  onPress?: () => void;
}

/** The tab's submit button with what it costs and the balance; visitors get a Sign In link instead. */
export function SubmitBar({ label, busyLabel, isBusy, isDisabled, cost, onPress }: SubmitBarProps) {
  const t = useT();
  const { user } = useSession();
  if (user === null) {
    return (
      <div className="studio-submit">
        <p className="studio-submit-note">{t('studio.signInToCreate')}</p>
        <LinkButton href="/login" size="lg" className="studio-submit-button">
          {t('common.signIn')}
        </LinkButton>
      </div>
    );
  }
  return (
    <div className="studio-submit">
      <Button
        type={onPress ? 'button' : 'submit'}
        size="lg"
        className="studio-submit-button"
        isDisabled={isBusy || isDisabled || !user}
        onPress={onPress}
        data-busy={isBusy || undefined}
      >
        {isBusy && <Spinner size="sm" className="studio-submit-spinner" label={busyLabel} />}
        {isBusy ? busyLabel : label}
      </Button>
      {cost !== undefined && (
        <p className="studio-submit-note" data-testid="action-cost">
          <span>{t('studio.cost', { count: cost })}</span>
          {user && <span className="ui-muted">{t('studio.balance', { count: user.credits })}</span>}
        </p>
      )}
    </div>
  );
}
