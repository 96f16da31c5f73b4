import { Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components';
import type { ButtonSize, ButtonVariant } from './Button.tsx';
import { withBase } from './cx.ts';
import './Button.css';
import './Link.css';

export interface LinkProps extends AriaLinkProps {
  /** @default 'inline' */
  variant?: 'inline' | 'subtle';
}

/** A text link. Same-origin hrefs navigate client-side through the shared router. */
export function Link({ variant = 'inline', className, ...props }: LinkProps) {
  return <AriaLink {...props} data-variant={variant} className={withBase('ui-Link', className)} />;
}

export interface LinkButtonProps extends AriaLinkProps {
  /** @default 'primary' */
  variant?: ButtonVariant;
  /** @default 'md' */
  size?: ButtonSize;
}

/** A link that looks like a Button: for navigation, never for actions. */
export function LinkButton({ variant = 'primary', size = 'md', className, ...props }: LinkButtonProps) {
  return <AriaLink {...props} data-variant={variant} data-size={size} className={withBase('ui-Button', className)} />;
}
