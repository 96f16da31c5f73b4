import { useT } from '@app/i18n';
import { TextField } from '@app/ui';

interface SecretFieldProps {
  name: string;
  label: string;
  /** Whether a value is stored, and its `••••abcd` hint, from the settings answer. */
  isSet: boolean;
  hint: string | null;
  value: string;
  onChange: (value: string) => void;
}

/**
 * A write-only secret: a password input that starts empty, with the stored value's hint under
 * it. Left empty, the save leaves the stored secret alone (the update omits it).
 */
export function SecretField({ name, label, isSet, hint, value, onChange }: SecretFieldProps) {
  const t = useT();
  return (
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
  );
}

/** The update value of a secret input: left out when empty, so the stored one is kept. */
export function secretUpdate(value: string): string | undefined {
  return value.trim() ? value.trim() : undefined;
}
