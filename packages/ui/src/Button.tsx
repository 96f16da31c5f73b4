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
  /** What the button says while `isPending` ("Generating..."), beside the spinner; without it the label is kept hidden. */
  pendingLabel?: string;
}

/**
 * A button; `isPending` keeps its width, shows a spinner and blocks presses while it stays focusable and announced
 * (RAC sets `aria-disabled` and keeps a submit button from submitting again).
 */
export function Button({ variant = 'primary', size = 'md', className, children, pendingLabel, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      data-variant={variant}
      data-size={size}
      data-pending-label={pendingLabel ? true : undefined}
      className={withBase('ui-Button', className)}
    >
      {composeRenderProps(children, (content, { isPending }) =>
        isPending && pendingLabel ? (
          <>
            <Spinner size="sm" className="ui-Button-spinner" label={pendingLabel} />
            <span className="ui-Button-label">{pendingLabel}</span>
          </>
        ) : (
          <>
            <span className="ui-Button-label">{content}</span>
            {isPending && <Spinner size="sm" className="ui-Button-spinner" />}
          </>
        ),
      )}
    </AriaButton>
  );
}
