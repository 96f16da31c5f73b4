import {
  NumberField as AriaNumberField,
  type NumberFieldProps as AriaNumberFieldProps,
  Button,
  Group,
  Input,
  type ValidationResult,
} from 'react-aria-components';
import { withBase } from './cx.ts';
import { Description, FieldError, Label } from './Field.tsx';
import './NumberField.css';

export interface NumberFieldProps extends AriaNumberFieldProps {
  label?: string;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
}

/** A labelled number input with stepper buttons; formatting follows the RAC locale. */
export function NumberField({ label, description, errorMessage, placeholder, className, ...props }: NumberFieldProps) {
  return (
    <AriaNumberField {...props} className={withBase('ui-Field', className)}>
      {label && <Label>{label}</Label>}
      <Group className="ui-NumberField-group">
        <Input className="ui-Input" placeholder={placeholder} />
        <Button slot="decrement" className="ui-NumberField-step">
          −
        </Button>
        <Button slot="increment" className="ui-NumberField-step">
          +
        </Button>
      </Group>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </AriaNumberField>
  );
}
