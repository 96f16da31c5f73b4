// '@app/ui/select' in a remote that does not load it up front (see lazyUiAliases in ../federation/options.ts):
// the host's own module, fetched when the first module of the remote that imports it runs.
import { uiEntryLoaders } from '@app/ui';

export const { Select, SelectItem } = await uiEntryLoaders.select();
