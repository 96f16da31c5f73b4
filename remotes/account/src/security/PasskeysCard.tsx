import { type components, request, useInvalidate, useMutation, useProblemMessage } from '@app/api-client';
import { useT } from '@app/i18n';
import { Button, Card, Form, TextField, toast } from '@app/ui';
import { useFormat } from '@app/ui/format';
import { useState } from 'react';
import { isCancelled, newPasskey, passkeysSupported } from './passkeyCeremony.ts';

type Security = components['schemas']['AccountSecurity'];
type Passkey = components['schemas']['Passkey'];

/** The account's passkeys: add one (named), see when each was last used, remove one. */
export function PasskeysCard({ security }: { security: Security | undefined }) {
  const t = useT();
  const problemMessage = useProblemMessage();
  const invalidate = useInvalidate();
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const passkeys = security?.passkeys ?? [];

  const add = async () => {
    setAdding(true);
    setError(undefined);
    try {
      const response = await newPasskey();
      await request('post', '/api/user/passkeys', { body: { name: name.trim(), response: response as never } });
      setName('');
      toast({ title: t('security.passkeyAdded'), variant: 'success' });
      await invalidate('/api/user/security', '/api/user/security-events');
    } catch (failure) {
      if (isCancelled(failure)) return;
      const description = problemMessage(failure, t('security.genericError'));
      setError(description);
      toast({ title: t('security.passkeyAddFailed'), description, variant: 'error' });
    } finally {
      setAdding(false);
    }
  };

  return (
    <Card className="security-card" data-testid="passkeys-card">
      <h3 className="security-card-title">{t('security.passkeysTitle')}</h3>
      <p className="ui-muted">{t('security.passkeysHint')}</p>
      {passkeys.length > 0 && (
        <ul className="security-list" aria-label={t('security.passkeysTitle')}>
          {passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
      {passkeysSupported() ? (
        <Form
          className="security-add-passkey"
          validationBehavior="aria"
          validationErrors={error ? { name: error } : {}}
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) void add();
          }}
        >
          <TextField
            name="name"
            label={t('security.passkeyName')}
            placeholder={t('security.passkeyNamePlaceholder')}
            value={name}
            onChange={setName}
            isRequired
          />
          <Button type="submit" isPending={adding}>
            {t('security.passkeyAdd')}
          </Button>
        </Form>
      ) : (
        <p className="ui-muted">{t('security.passkeysUnsupported')}</p>
      )}
    </Card>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const t = useT();
  const format = useFormat();
  const remove = useMutation('delete', '/api/user/passkeys/{id}', {
    failure: t('security.passkeyRemoveFailed'),
    fallback: t('security.genericError'),
    invalidates: ['/api/user/security', '/api/user/security-events'],
    onSuccess: () => toast({ title: t('security.passkeyRemoved'), variant: 'success' }),
  });
  return (
    <li className="security-row" data-testid="passkey-row">
      <span className="security-row-text">
        <strong>{passkey.name}</strong>
        <span className="ui-muted">
          {passkey.lastUsedAt ? t('security.lastUsed', { date: format.dateTime(passkey.lastUsedAt) }) : t('security.neverUsed')}
        </span>
      </span>
      <Button
        variant="ghost"
        size="sm"
        aria-label={t('security.passkeyRemoveNamed', { name: passkey.name })}
        isPending={remove.pending}
        onPress={() => remove.trigger({ params: { path: { id: passkey.id } } })}
      >
        {t('security.remove')}
      </Button>
    </li>
  );
}
