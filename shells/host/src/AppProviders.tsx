import { type MutationFailure, MutationFailureContext, type Problem, ProblemWordsContext, swrDefaults } from '@app/api-client';
import { I18nProvider, LOCALES, useI18n } from '@app/i18n';
import { navigate, ToastRegion, toast } from '@app/ui';
import { type ReactNode, useCallback } from 'react';
import { I18nProvider as AriaLocaleProvider, RouterProvider } from 'react-aria-components';
import { SWRConfig } from 'swr';
import { problemWords } from './problemWords.ts';

/** Keeps RAC's number/date formatting and messages in the user's language. */
function AriaLocale({ children }: { children: ReactNode }) {
  const { language } = useI18n();
  return <AriaLocaleProvider locale={LOCALES[language]}>{children}</AriaLocaleProvider>;
}

/**
 * A failed change (any remote's `useMutation`) as an error toast, and any problem shown elsewhere
 * (`useProblemMessage`), worded in the reader's language.
 */
function FailureToasts({ children }: { children: ReactNode }) {
  const { language, t } = useI18n();
  const words = useCallback((problem: Problem) => problemWords(problem, language, t), [language, t]);
  const tell = useCallback(
    ({ title, description, problem }: MutationFailure) =>
      toast({ title, description: (problem && words(problem)) ?? description, variant: 'error' }),
    [words],
  );
  return (
    <ProblemWordsContext value={words}>
      <MutationFailureContext value={tell}>{children}</MutationFailureContext>
    </ProblemWordsContext>
  );
}

/**
 * Everything provided once for the host and all remotes: one SWR cache with the spec's defaults, the language,
 * client-side routing for RAC links, the toast region and failed changes shown as toasts.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={swrDefaults}>
      <I18nProvider>
        <AriaLocale>
          {/* Every RAC link (Link, LinkButton, menu items with href) navigates client-side through the router. */}
          <RouterProvider navigate={(href) => navigate(href)}>
            <FailureToasts>
              {children}
              <ToastRegion />
            </FailureToasts>
          </RouterProvider>
        </AriaLocale>
      </I18nProvider>
    </SWRConfig>
  );
}
