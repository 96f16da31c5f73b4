import { useSession } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Link, LinkButton } from '@app/ui';
import { useId } from 'react';

interface SubmitBarProps {
  label: string;
  busyLabel: string;
  isBusy: boolean;
  isDisabled?: boolean;
  /** Credits the action costs (from the pricing call); hidden until known. */
  cost: number | undefined;
  /** How the cost adds up (several images), shown beside it. */
  costDetail?: string;
  /** For buttons outside a form; inside one the button submits it. */
  onPress?: () => void;
}

/**
 * The tab's submit button with what it costs and the balance; visitors get a Sign In link instead. While its work
 * runs the button says so and stays focused and focusable (pending, not disabled), so a keyboard user keeps their
 * place; it is off only for another tab's work, a missing input or a balance below the cost (then the cost line
 * says so and offers Buy credits).
 */
export function SubmitBar({ label, busyLabel, isBusy, isDisabled, cost, costDetail, onPress }: SubmitBarProps) {
  const t = useT();
  const { user } = useSession();
  const shortId = useId();
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
  const isShort = user !== undefined && cost !== undefined && user.credits < cost;
  return (
    <div className="studio-submit">
      <Button
        type={onPress ? 'button' : 'submit'}
        size="lg"
        className="studio-submit-button"
        isPending={isBusy}
        pendingLabel={busyLabel}
        isDisabled={!isBusy && (isDisabled || !user || isShort)}
        onPress={onPress}
        aria-describedby={isShort ? shortId : undefined}
        data-busy={isBusy || undefined}
      >
        {label}
      </Button>
      {cost !== undefined && (
        <p className="studio-submit-note" data-testid="action-cost">
          <span>
            {t('studio.cost', { count: cost })}
            {costDetail && ` (${costDetail})`}
          </span>
          {user && <span className="ui-muted">{t('studio.balance', { count: user.credits })}</span>}
          {isShort && (
            <span className="studio-submit-short" id={shortId} data-testid="not-enough-credits">
              {t('studio.notEnoughCredits')} <Link href="/pricing">{t('studio.buyCredits')}</Link>
            </span>
          )}
        </p>
      )}
    </div>
  );
}
