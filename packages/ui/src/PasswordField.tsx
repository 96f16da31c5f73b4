import { useT } from '@app/i18n';
import { useState } from 'react';
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  Button,
  Input,
  type ValidationResult,
} from 'react-aria-components';
import { withBase } from './cx.ts';
import { Description, FieldError, Label } from './Field.tsx';
import './PasswordField.css';

export interface PasswordFieldProps extends Omit<AriaTextFieldProps, 'type'> {
  label?: string;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
}

/** A labelled password input with a show/hide toggle at its end; give it a `name` for server field errors. */
export function PasswordField({ label, description, errorMessage, placeholder, className, ...props }: PasswordFieldProps) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  return (
    <AriaTextField {...props} type={visible ? 'text' : 'password'} className={withBase('ui-Field', className)}>
      {label && <Label>{label}</Label>}
      <div className="ui-PasswordField-input">
        <Input className="ui-Input" placeholder={placeholder} />
        <Button
          className="ui-PasswordField-toggle"
          aria-label={t(visible ? 'common.hidePassword' : 'common.showPassword')}
          aria-pressed={visible}
          onPress={() => setVisible((shown) => !shown)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M2.5 12s3.5-6.5 9.5-6.5 9.5 6.5 9.5 6.5-3.5 6.5-9.5 6.5S2.5 12 2.5 12z" />
            <circle cx="12" cy="12" r="3" />
            {visible && <path d="M4 4l16 16" />}
          </svg>
        </Button>
      </div>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
