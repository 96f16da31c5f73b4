import { useMutation, useQuery } from '@app/api-client';
import { useT } from '@app/i18n';
import { Card, Switch, toast } from '@app/ui';

/** "Admins must use a second factor": on by default in production; turning it on needs one's own second factor. */
export function SecondFactorRule() {
  const t = useT();
  const { data } = useQuery('/api/admin/security-settings');
  const save = useMutation('put', '/api/admin/security-settings', {
    failure: t('security.requireFailed'),
    fallback: t('security.genericError'),
    invalidates: ['/api/admin/security-settings', '/api/admin/audit-events', '/api/user/security'],
    onSuccess: () => toast({ title: t('security.requireSaved'), variant: 'success' }),
  });
  return (
    <Card className="audit-rule" data-testid="second-factor-rule">
      <h3 className="audit-rule-title">{t('security.requireTitle')}</h3>
      <p className="ui-muted">{t('security.requireHint')}</p>
      <Switch
        isSelected={data?.adminsRequireSecondFactor ?? false}
        isDisabled={!data || save.pending}
        onChange={(value) => void save.trigger({ body: { adminsRequireSecondFactor: value } })}
      >
        {t('security.requireLabel')}
      </Switch>
    </Card>
  );
}
