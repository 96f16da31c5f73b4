import { swrDefaults } from '@app/api-client';
import { I18nProvider, LOCALES, useI18n } from '@app/i18n';
import { navigate, ToastRegion } from '@app/ui';
import type { ReactNode } from 'react';
import { I18nProvider as AriaLocaleProvider, RouterProvider } from 'react-aria-components';
import { SWRConfig } from 'swr';

/** Keeps RAC's number/date formatting and messages in the user's language. */
function AriaLocale({ children }: { children: ReactNode }) {
  const { language } = useI18n();
  return <AriaLocaleProvider locale={LOCALES[language]}>{children}</AriaLocaleProvider>;
}

/**
 * Everything provided once for the host and all remotes: one SWR cache with the spec's
 * defaults, the language, client-side routing for RAC links, and the toast region.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrDefaults}>
      <I18nProvider>
        <AriaLocale>
          {/* Every RAC link (Link, LinkButton, menu items with href) navigates client-side through the router. */}
          <RouterProvider navigate={(href) => navigate(href)}>
            {children}
            <ToastRegion />
          </RouterProvider>
        </AriaLocale>
      </I18nProvider>
    </SWRConfig>
  );
}
