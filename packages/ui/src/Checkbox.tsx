import type { ReactNode } from 'react';
import { CheckboxButton, CheckboxField, type CheckboxFieldProps, type ValidationResult } from 'react-aria-components';
import { withBase } from './cx.ts';
import { Description, FieldError } from './Field.tsx';
import './Toggle.css';

export interface CheckboxProps extends CheckboxFieldProps {
  children?: ReactNode;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
}

/** A checkbox with its label as children, plus optional description and error. */
export function Checkbox({ children, description, errorMessage, className, ...props }: CheckboxProps) {
  return (
    <CheckboxField {...props} className={withBase('ui-Toggle', className)}>
      <CheckboxButton className="ui-Toggle-button">
        {({ isIndeterminate }) => (
          <>
            <span className="ui-Checkbox-box" aria-hidden="true">
              <svg viewBox="0 0 18 18" aria-hidden="true">
                {isIndeterminate ? <rect x={3} y={8} width={12} height={2} /> : <polyline points="3.5 9.5 7.5 13 14.5 5" />}
              </svg>
            </span>
            {children}
          </>
        )}
      </CheckboxButton>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </CheckboxField>
  );
}
