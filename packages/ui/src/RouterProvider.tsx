import type { ReactNode } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { navigate } from './router.ts';

/** Makes every RAC link (Link, LinkButton, menu items with href) navigate client-side. */
export function RouterProvider({ children }: { children: ReactNode }) {
  return <AriaRouterProvider navigate={(href) => navigate(href)}>{children}</AriaRouterProvider>;
}
