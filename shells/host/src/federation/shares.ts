import * as apiClient from '@app/api-client';
import * as i18n from '@app/i18n';
import * as ui from '@app/ui';
import * as react from 'react';
import * as reactDom from 'react-dom';
import * as swr from 'swr';
import { provideShares } from '../../../../remotes/federation/host.ts';

/**
 * The host's own modules for its remotes (remotes/federation/host.ts): the singletons, the very instances the
 * host runs (so one React, one SWR cache, one i18n store per page), and the UI kit's widgets, loaded when a
 * remote first renders one. Typed by the shared names, so a module missing here fails the typecheck.
 */
export const shareScope = provideShares(
  { react, 'react-dom': reactDom, swr, '@app/api-client': apiClient, '@app/ui': ui, '@app/i18n': i18n },
  ui.uiEntryLoaders,
);
