import { useT } from '@app/i18n';
import { TextField, type TextFieldProps } from '@app/ui';

/** The username input of the sign-in and register forms; each form brings its own check and value. */
export function UsernameField(props: Pick<TextFieldProps, 'value' | 'onChange' | 'validate'>) {
  const t = useT();
  return (
    <TextField
      name="username"
      label={t('account.username')}
      placeholder={t('account.usernamePlaceholder')}
      autoComplete="username"
      {...props}
    />
  );
}
