import { useT } from '@app/i18n';
import type { ReactNode } from 'react';
import {
  Button as AriaButton,
  Dialog as AriaDialog,
  type DialogProps as AriaDialogProps,
  Modal as AriaModal,
  type FormProps,
  Heading,
  ModalOverlay,
  type ModalOverlayProps,
} from 'react-aria-components';
import { Button } from './Button.tsx';
import { cx } from './cx.ts';
import { Form } from './Form.tsx';
import './Dialog.css';

export interface ModalProps extends ModalOverlayProps {
  /** @default 'md' */
  size?: 'sm' | 'md' | 'lg';
}

/** A centered overlay (a bottom sheet on phones). Put a `Dialog` inside; use with `DialogTrigger` or `isOpen`. */
export function Modal({ size = 'md', className, children, ...props }: ModalProps) {
  return (
    <ModalOverlay {...props} className="ui-ModalOverlay">
      <AriaModal className={cx('ui-Modal', typeof className === 'string' ? className : undefined)} data-size={size}>
        {children}
      </AriaModal>
    </ModalOverlay>
  );
}

export interface DialogProps extends Omit<AriaDialogProps, 'children'> {
  title?: ReactNode;
  /** Shows a close button in the corner. @default true */
  isDismissable?: boolean;
  children: ReactNode | ((opts: { close: () => void }) => ReactNode);
}

/** Dialog content with a title heading and a close button. */
export function Dialog({ title, isDismissable = true, children, className, ...props }: DialogProps) {
  const t = useT();
  return (
    <AriaDialog {...props} className={cx('ui-Dialog', typeof className === 'string' ? className : undefined)}>
      {({ close }) => (
        <>
          {title && (
            <Heading slot="title" className="ui-Dialog-title">
              {title}
            </Heading>
          )}
          {isDismissable && (
            <AriaButton className="ui-Dialog-close" aria-label={t('common.close')} onPress={close}>
              ×
            </AriaButton>
          )}
          {typeof children === 'function' ? children({ close }) : children}
        </>
      )}
    </AriaDialog>
  );
}

export interface FormDialogProps extends Omit<FormProps, 'onSubmit' | 'children'> {
  title: ReactNode;
  submitLabel: ReactNode;
  cancelLabel: ReactNode;
  /** The submit button spins and Cancel waits while the request runs. */
  pending: boolean;
  /** Runs the request; the browser's own submit (a page load) is stopped first. */
  onSubmit: () => unknown;
  /** The fields. */
  children: ReactNode;
}

/**
 * A dialog holding one form: its title, the fields, then Cancel (closes the dialog) and the submit button.
 * Pass the server's field errors as `validationErrors` (see Form).
 */
export function FormDialog({ title, submitLabel, cancelLabel, pending, onSubmit, children, ...formProps }: FormDialogProps) {
  return (
    <Dialog title={title}>
      <Form
        {...formProps}
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        {children}
        <div className="ui-Dialog-actions">
          <Button variant="secondary" slot="close" isDisabled={pending}>
            {cancelLabel}
          </Button>
          <Button type="submit" isPending={pending}>
            {submitLabel}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

export { DialogTrigger } from 'react-aria-components';
