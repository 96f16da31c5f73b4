import {
  FieldError as AriaFieldError,
  type FieldErrorProps as AriaFieldErrorProps,
  Label as AriaLabel,
  type LabelProps,
  Text,
  type TextProps,
} from 'react-aria-components';
import { cx, withBase } from './cx.ts';
import './Field.css';

/** The parts every field lays out the same way: label, control, description, error. */
export function Label({ className, ...props }: LabelProps) {
  return <AriaLabel {...props} className={cx('ui-Label', className)} />;
}

export function Description({ className, ...props }: TextProps) {
  return <Text {...props} slot="description" className={cx('ui-Description', className)} />;
}

/** Shows client validation and server errors passed through `<Form validationErrors>`. */
export function FieldError({ className, ...props }: AriaFieldErrorProps) {
  return <AriaFieldError {...props} className={withBase('ui-FieldError', className)} />;
}
