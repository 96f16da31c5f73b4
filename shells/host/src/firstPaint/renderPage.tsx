// Build-time only (build/firstPaint.ts): each page's first frame as HTML, rendered by the app's own components.
import { HOST_PAGE_PATHS, REMOTE_PAGE_PATHS } from '@app/contract/constants';
import { I18nProvider, LANGUAGE_COOKIE, LANGUAGES, type Language, LOCALES, loadMessages, translate } from '@app/i18n';
import { Router } from '@app/ui';
import { I18nProvider as AriaLocaleProvider } from 'react-aria-components';
import { renderToString } from 'react-dom/server';
import { HOST_PAGES } from '../AppRoutes.tsx';
import { RemoteSkeleton } from '../federation/RemoteSkeleton.tsx';
import { Layout } from '../layout/Layout.tsx';
import { pageTitleKey } from '../layout/useDocumentTitle.ts';
import { pageDomains } from '../pageMessages.ts';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { type HostPagePath, remoteFor } from '../routing.ts';

/** The address 'Page Not Found' is rendered at, for any address that is no page. */
export const NOT_FOUND_PAGE = '/404';

export { LANGUAGE_COOKIE, LANGUAGES };
export const PAGES = [...HOST_PAGE_PATHS, ...REMOTE_PAGE_PATHS, NOT_FOUND_PAGE];

/** What the app renders first at `path`: a host page whole, a remote's page as its section's skeleton. */
function FirstFrame({ path }: { path: string }) {
  const remote = remoteFor(path);
  if (remote) {
    return (
      <div className="remote-section">
        <RemoteSkeleton remote={remote} page={path} />
      </div>
    );
  }
  const Page = HOST_PAGES[path as HostPagePath] ?? NotFoundPage;
  return <Page />;
}

/**
 * The markup of `#root` at `path` in `language`, as the app's first render draws it for a visitor (the
 * signed-in header waits for the script: `.first-paint` hides the account corner), and the tab's title.
 * It is inert: a press or a keystroke before the app takes over would be lost with the nodes it replaces.
 */
export async function renderPage(path: string, language: Language): Promise<{ root: string; title: string }> {
  await loadMessages(language, ['common', ...pageDomains(path)]);
  const root = renderToString(
    <I18nProvider language={language}>
      <AriaLocaleProvider locale={LOCALES[language]}>
        <Router ssrPath={path}>
          {/* A picture of the page until the app draws it: nothing to press or type into that would be lost. */}
          <div className="first-paint" inert>
            <Layout>
              <FirstFrame path={path} />
            </Layout>
          </div>
        </Router>
      </AriaLocaleProvider>
    </I18nProvider>,
  );
  const key = pageTitleKey(path);
  const brand = translate(language, 'common.brand');
  return { root, title: key ? `${translate(language, key)} · ${brand}` : brand };
}
