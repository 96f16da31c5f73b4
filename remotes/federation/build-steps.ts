import type { Plugin } from 'vite';
import { inlineBootstrap } from './host-bootstrap.ts';
import { federationChunk } from './host-chunks.ts';
import { noSnapshotHandler } from './host-runtime.ts';
import { remoteEntry } from './remote-entry.ts';

/**
 * What the federation plugin does not do for us, added after it in each build. Every step fails the build when the
 * plugin or its runtime no longer looks as it expects (./changed.ts).
 */

/** The host: its bootstrap inline in index.html, the runtime and the preload helper as one chunk, no snapshot handler. */
export const hostFederationSteps = (): Plugin[] => [noSnapshotHandler(), federationChunk(), inlineBootstrap()];

/** A remote: our small container as remoteEntry.js. */
export const remoteFederationSteps = (): Plugin[] => [remoteEntry()];
