import { useT } from '@app/i18n';
import type { ReactNode } from 'react';
import {
  Dialog as AriaDialog,
  type DialogProps as AriaDialogProps,
  Modal as AriaModal,
  Button,
  Heading,
  ModalOverlay,
  type ModalOverlayProps,
} from 'react-aria-components';
import { cx } from './cx.ts';
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
            <Button className="ui-Dialog-close" aria-label={t('common.close')} onPress={close}>
              ×
            </Button>
          )}
          {typeof children === 'function' ? children({ close }) : children}
        </>
      )}
    </AriaDialog>
  );
}

export { DialogTrigger } from 'react-aria-components';
