import { useEffect, useRef } from 'react';
import { Form as AriaForm, type FormProps } from 'react-aria-components';
import { cx } from './cx.ts';
import './Form.css';

/**
 * A form whose fields show server errors: pass `validationErrors={toFieldErrors(error)}`
 * (keys are field `name`s) and each field's FieldError displays its message.
 */
export function Form({ className, ...props }: FormProps) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = ref.current;
    form?.addEventListener('input', recheckShownMessage);
    return () => form?.removeEventListener('input', recheckShownMessage);
  }, []);
  return <AriaForm {...props} ref={ref} className={cx('ui-Form', className)} />;
}

/**
 * Once a field shows a message, re-check it on every keystroke instead of on blur. Left to the field, the
 * message of a fixed value would go when the field loses focus, which is the mouse press on the submit
 * button: the button moves up by the message's height under the pointer and the click lands on nothing.
 * A `change` event is what makes react-aria commit the field's current validation (after the render that
 * carries the new value); React reports the new value once, whichever of the two events it sees first.
 */
function recheckShownMessage(event: Event): void {
  const field = event.target;
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  if (field.getAttribute('aria-invalid') !== 'true') return;
  field.dispatchEvent(new Event('change', { bubbles: true }));
}
