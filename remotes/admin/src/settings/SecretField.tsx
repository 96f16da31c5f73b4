import { useT } from '@app/i18n';
import { Button, TextField, uiEntryLoaders } from '@app/ui';
import { useState } from 'react';
import { ConfirmDialogView, type DialogKit } from '../shared/ConfirmDialogView.tsx';

interface SecretFieldProps {
  name: string;
  label: string;
  /** Whether a value is stored, and its `••••abcd` hint, from the settings answer. */
  isSet: boolean;
  hint: string | null;
  value: string;
  onChange: (value: string) => void;
  /** Deletes the stored value (the update sends `null`); offered while one is stored, after a confirmation. */
  onRemove: () => Promise<unknown>;
}

/**
 * A write-only secret: a password input that starts empty, with the stored value's hint under
 * it. Left empty, the save leaves the stored secret alone (the update omits it); Remove deletes it once confirmed.
 */
export function SecretField({ name, label, isSet, hint, value, onChange, onRemove }: SecretFieldProps) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  // The dialog widgets download on the first Remove, not with the settings page; kept so the dialog can animate out.
  const [kit, setKit] = useState<DialogKit | null>(null);
  const ask = async () => {
    setKit(await uiEntryLoaders.dialog());
    setConfirming(true);
  };
  return (
    <div className="admin-secret" data-testid={`secret-${name}`}>
      <TextField
        name={name}
        label={label}
        type="password"
        autoComplete="new-password"
        value={value}
        onChange={onChange}
        placeholder={isSet ? t('admin.secretKeepPlaceholder') : t('admin.secretEnterPlaceholder')}
        description={isSet ? t('admin.secretSet', { hint: hint ?? '••••' }) : t('admin.secretNotSet')}
        data-secret-set={isSet || undefined}
      />
      {isSet && (
        <Button
          variant="ghost"
          size="sm"
          className="admin-secret-remove"
          aria-label={t('admin.secretRemoveNamed', { name: label })}
          onPress={() => void ask()}
        >
          {t('admin.secretRemove')}
        </Button>
      )}
      {kit && (
        <ConfirmDialogView
          kit={kit}
          isOpen={confirming}
          onOpenChange={setConfirming}
          title={t('admin.secretRemoveTitle', { name: label })}
          message={t('admin.secretRemoveMessage', { name: label })}
          confirmLabel={t('admin.secretRemove')}
          cancelLabel={t('admin.cancel')}
          onConfirm={onRemove}
        />
      )}
    </div>
  );
}

/** The update value of a secret input: left out when empty, so the stored one is kept. */
export function secretUpdate(value: string): string | undefined {
  return value.trim() ? value.trim() : undefined;
}
