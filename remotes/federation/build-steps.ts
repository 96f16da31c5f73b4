import type { Plugin } from 'vite';
import { remoteEntry } from './remote-entry.ts';

/**
 * What the federation plugin does not do for us, added after it in each remote's build (the host runs no plugin:
 * ./host.ts). Every step fails the build when the
 * plugin or its runtime no longer looks as it expects (./changed.ts).
 */

/** A remote: our small container as remoteEntry.js. */
export const remoteFederationSteps = (): Plugin[] => [remoteEntry()];
