import type { ReactNode } from 'react';
import {
  Select as AriaSelect,
  type SelectProps as AriaSelectProps,
  Button,
  ListBox,
  ListBoxItem,
  type ListBoxItemProps,
  Popover,
  SelectValue,
  type ValidationResult,
} from 'react-aria-components';
import { withBase } from './cx.ts';
import { Description, FieldError, Label } from './Field.tsx';
import './Select.css';

export interface SelectProps<T extends object> extends Omit<AriaSelectProps<T>, 'children'> {
  label?: string;
  description?: string;
  errorMessage?: string | ((validation: ValidationResult) => string);
  items?: Iterable<T>;
  children: ReactNode | ((item: T) => ReactNode);
}

/** A labelled single-choice dropdown; options are `SelectItem`s. */
export function Select<T extends object>({ label, description, errorMessage, items, children, className, ...props }: SelectProps<T>) {
  return (
    <AriaSelect {...props} className={withBase('ui-Field ui-Select', className)}>
      {label && <Label>{label}</Label>}
      <Button className="ui-Input ui-Select-button">
        <SelectValue className="ui-Select-value" />
        <svg className="ui-Select-chevron" viewBox="0 0 20 20" aria-hidden="true">
          <path d="M5 7.5 10 12.5 15 7.5" />
        </svg>
      </Button>
      {description && <Description>{description}</Description>}
      <FieldError>{errorMessage}</FieldError>
      <Popover className="ui-Select-popover">
        <ListBox items={items} className="ui-Select-list">
          {children}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}

export function SelectItem({ className, ...props }: ListBoxItemProps) {
  return <ListBoxItem {...props} className={withBase('ui-Select-item', className)} />;
}
