// The kit's light parts, loaded by every page. Heavier widgets are their own entries, shared one by one
// so a page downloads only those it renders: '@app/ui/dialog', '@app/ui/number-field', '@app/ui/select',
// '@app/ui/table' and '@app/ui/tabs'.
export { Badge, type BadgeProps, type BadgeVariant } from './Badge.tsx';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant } from './Button.tsx';
export { Card, type CardProps } from './Card.tsx';
export { Checkbox, type CheckboxProps } from './Checkbox.tsx';
export { cx } from './cx.ts';
export { Description, FieldError, Label } from './Field.tsx';
export { Form } from './Form.tsx';
export { Link, LinkButton, type LinkButtonProps, type LinkProps } from './Link.tsx';
export { PageHeader, type PageHeaderProps } from './PageHeader.tsx';
export { Pagination, type PaginationProps, pageWindow } from './Pagination.tsx';
export { PasswordField, type PasswordFieldProps } from './PasswordField.tsx';
export { UnstyledButton, UnstyledLabel, UnstyledRadio, UnstyledRadioGroup } from './primitives.ts';
export { Radio, RadioGroup, type RadioGroupProps, type RadioProps } from './RadioGroup.tsx';
export { matchesRoute, navigate, type RemoteRoutesProps, Route, Router, RouteSwitch, useLocation, useSearchParams } from './routing.ts';
export { Spinner, type SpinnerProps } from './Spinner.tsx';
export { Switch, type SwitchProps } from './Switch.tsx';
export { TextField, type TextFieldProps } from './TextField.tsx';
export { ToastRegion } from './ToastRegion.tsx';
export { TOAST_TIMEOUT_MS, type ToastContent, type ToastVariant, toast, toastQueue } from './toast.ts';

/**
 * The heavier widgets' modules on demand, for a remote that renders one only after its first paint (a
 * dialog, a signed-in section): its build points '@app/ui/<entry>' at these loaders (remotes/lazy-ui), so
 * the widget downloads with the part of the page that renders it, not with the remote.
 */
export const uiEntryLoaders = {
  dialog: () => import('./Dialog.tsx'),
  'number-field': () => import('./NumberField.tsx'),
  select: () => import('./Select.tsx'),
  table: () => import('./Table.tsx'),
  tabs: () => import('./Tabs.tsx'),
};
