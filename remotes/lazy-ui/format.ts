// '@app/ui/format' in a remote that does not load it up front (see lazyUiAliases in ../federation.ts):
// the host's own module, fetched when the first module of the remote that imports it runs.
import { uiEntryLoaders } from '@app/ui';

export const { formatsFor, useFormat } = await uiEntryLoaders.format();
export type { Formats } from '@app/ui/format';
