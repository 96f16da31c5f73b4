import { Form as AriaForm, type FormProps } from 'react-aria-components';
import { cx } from './cx.ts';
import './Form.css';

/**
 * A form whose fields show server errors: pass `validationErrors={toFieldErrors(error)}`
 * (keys are field `name`s) and each field's FieldError displays its message.
 */
export function Form({ className, ...props }: FormProps) {
  return <AriaForm {...props} className={cx('ui-Form', className)} />;
}
