import type { Plugin } from 'vite';
import { federationChanged } from './changed.ts';

const CORE = /[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/]core\.js$/;
const BUILT = 'this.snapshotHandler = USE_REMOTE ? new SnapshotHandler(this) : new DisabledSnapshotHandler();';
const WITHOUT_SNAPSHOTS = 'this.snapshotHandler = USE_REMOTE && USE_SNAPSHOT ? new SnapshotHandler(this) : new DisabledSnapshotHandler();';

const revisit = (what: string) => federationChanged('host-runtime.ts', what);

/**
 * The federation runtime without its snapshot handler (~1.4 KB compressed on every page). The host loads its
 * remotes from plain remoteEntry.js URLs with snapshots disabled (`disableSnapshot`), yet runtime-core still
 * builds the handler whenever remotes are enabled, for three callers the app never reaches: the snapshot plugin
 * (left out by `disableSnapshot`), `preloadRemote` and re-registering a remote with `force`. Without them,
 * `DisabledSnapshotHandler` (its hooks only) is all the runtime touches, as it already is where remotes are off.
 * Calling `preloadRemote` or `registerRemotes(..., { force: true })` would need this plugin removed. The build
 * fails if runtime-core is no longer where this looks, or no longer builds its handler that way.
 */
export function noSnapshotHandler(): Plugin {
  let patched = false;
  return {
    name: 'app:no-snapshot-handler',
    apply: 'build',
    buildStart() {
      patched = false;
    },
    transform: {
      filter: { id: CORE },
      handler(code) {
        if (!code.includes(BUILT)) throw revisit('it builds its snapshot handler another way');
        patched = true;
        return code.replace(BUILT, WITHOUT_SNAPSHOTS);
      },
    },
    buildEnd(error) {
      if (!error && !patched) throw revisit('the build has no runtime-core/dist/core.js');
    },
  };
}
