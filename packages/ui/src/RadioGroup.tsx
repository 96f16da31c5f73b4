import type { ReactNode } from 'react';
import {
  Radio as AriaRadio,
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
  type RadioProps as AriaRadioProps,
  composeRenderProps,
  type ValidationResult,
} from 'react-aria-components';
import { withBase } from './cx.ts';
import { Description, FieldError, Label } from './Field.tsx';
import './RadioGroup.css';

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'children'> {
  label?: ReactNode;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  children: ReactNode;
}

/** One choice out of a few options, with label, description and error laid out like the other fields. */
export function RadioGroup({ label, description, errorMessage, children, className, ...props }: RadioGroupProps) {
  return (
    <AriaRadioGroup {...props} className={withBase('ui-RadioGroup', className)}>
      {label && <Label>{label}</Label>}
      <div className="ui-RadioGroup-options">{children}</div>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
    </AriaRadioGroup>
  );
}

export interface RadioProps extends AriaRadioProps {
  /** Draws the option as a selectable card (for richer content such as a package or a payment method). */
  card?: boolean;
}

/** An option of a `RadioGroup`: a dot and its label (children). */
export function Radio({ card, className, children, ...props }: RadioProps) {
  return (
    <AriaRadio {...props} data-card={card || undefined} className={withBase('ui-Radio', className)}>
      {composeRenderProps(children, (content) => (
        <>
          <span className="ui-Radio-dot" aria-hidden="true" />
          <span className="ui-Radio-content">{content}</span>
        </>
      ))}
    </AriaRadio>
  );
}
