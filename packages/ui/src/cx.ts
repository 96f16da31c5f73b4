import { composeRenderProps } from 'react-aria-components';

/** Joins class names, skipping empty ones. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}

/**
 * Prepends a kit class to a RAC `className`, keeping the consumer's string or function form,
 * so `className` can still be overridden per use.
 */
export function withBase<T>(
  base: string,
  className: string | ((values: T & { defaultClassName: string | undefined }) => string) | undefined,
) {
  return composeRenderProps(className, (prev: string | undefined) => cx(base, prev));
}
