import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  Input,
  TextArea,
  type ValidationResult,
} from 'react-aria-components';
import { withBase } from './cx.ts';
import { Description, FieldError, Label } from './Field.tsx';

export interface TextFieldProps extends AriaTextFieldProps {
  label?: string;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  /** Renders a resizable textarea instead of a single line. */
  multiline?: boolean;
  rows?: number;
}

/** A labelled text input; give it a `name` so server field errors land on it. */
export function TextField({ label, description, errorMessage, placeholder, multiline, rows, className, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} className={withBase('ui-Field', className)}>
      {label && <Label>{label}</Label>}
      {multiline ? (
        <TextArea className="ui-Input" placeholder={placeholder} rows={rows} />
      ) : (
        <Input className="ui-Input" placeholder={placeholder} />
      )}
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </AriaTextField>
  );
}
