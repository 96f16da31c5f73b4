import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

export type ToastVariant = 'info' | 'success' | 'error' | 'warning';

export interface ToastContent {
  title: string;
  description?: string;
  /** @default 'info' */
  variant?: ToastVariant;
  /** A way on from here (a link, e.g. "Buy credits" to /pricing); such a toast stays until closed or replaced. */
  action?: { label: string; href: string };
}

/** The spec's default display time. */
export const TOAST_TIMEOUT_MS = 5000;

// Kept on globalThis so the host and every remote talk to the same queue even if a
// remote ever ends up with its own copy of this module.
const KEY = Symbol.for('app.ui.toastQueue');
const holder = globalThis as typeof globalThis & { [KEY]?: ToastQueue<ToastContent> };

/** One toast at a time: the region shows at most one. */
export const toastQueue: ToastQueue<ToastContent> = holder[KEY] ?? new ToastQueue<ToastContent>({ maxVisibleToasts: 1 });
holder[KEY] = toastQueue;

/**
 * Shows a toast from anywhere (host or remote). A new toast replaces the one on screen,
 * so messages never pile up. Returns its key for `toastQueue.close(key)`.
 */
export function toast(content: ToastContent, options: { timeout?: number } = {}): string {
  toastQueue.clear();
  // A toast with something to press does not vanish before it can be reached (WCAG 2.2.1).
  const timeout = options.timeout ?? (content.action ? undefined : TOAST_TIMEOUT_MS);
  return toastQueue.add(content, timeout === undefined ? {} : { timeout });
}
