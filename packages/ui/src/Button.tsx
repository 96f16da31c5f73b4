import { Button as AriaButton, type ButtonProps as AriaButtonProps, composeRenderProps } from 'react-aria-components';
import { withBase } from './cx.ts';
import { Spinner } from './Spinner.tsx';
import './Button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends AriaButtonProps {
  /** @default 'primary' */
  variant?: ButtonVariant;
  /** @default 'md' */
  size?: ButtonSize;
}

/** A button; `isPending` keeps its width, shows a spinner and blocks presses (RAC handles the a11y). */
export function Button({ variant = 'primary', size = 'md', className, children, ...props }: ButtonProps) {
  return (
    <AriaButton {...props} data-variant={variant} data-size={size} className={withBase('ui-Button', className)}>
      {composeRenderProps(children, (content, { isPending }) => (
        <>
          <span className="ui-Button-label">{content}</span>
          {isPending && <Spinner size="sm" className="ui-Button-spinner" />}
        </>
      ))}
    </AriaButton>
  );
}
