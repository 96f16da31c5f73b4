import type { ReactNode } from 'react';
import { SwitchButton, SwitchField, type SwitchFieldProps, type ValidationResult } from 'react-aria-components';
import { withBase } from './cx.ts';
import { Description, FieldError } from './Field.tsx';
import './Toggle.css';

export interface SwitchProps extends SwitchFieldProps {
  children?: ReactNode;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
}

/** An on/off switch for settings that apply at once; the label is its children. */
export function Switch({ children, description, errorMessage, className, ...props }: SwitchProps) {
  return (
    <SwitchField {...props} className={withBase('ui-Toggle', className)}>
      <SwitchButton className="ui-Toggle-button">
        <span className="ui-Switch-track" aria-hidden="true">
          <span className="ui-Switch-thumb" />
        </span>
        {children}
      </SwitchButton>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </SwitchField>
  );
}
