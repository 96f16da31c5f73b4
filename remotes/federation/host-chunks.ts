import type { Plugin } from 'vite';
import { federationChanged } from './changed.ts';

/** The federation runtime's modules (sdk, core, the runtime's entry and helpers) and Vite's preload helper. */
const FEDERATION_CODE = /[\\/]@module-federation[\\/]|\0?vite[\\/]preload-helper/;
const CHUNK = 'federation';

const revisit = (what: string) => federationChanged('host-chunks.ts', what);

/**
 * One chunk for the host's federation runtime and Vite's preload helper, which every page loads together, instead
 * of two requests. @module-federation/vite isolates the preload helper in a group of its own, ranked above every
 * other group (a user group cannot outrank it: the plugin clamps their priority), so that its shared-module
 * wrappers, which pull their dependencies into their chunks, never take the helper with them. This widens that top
 * group to the runtime too: both are plain libraries without top-level await, so they stay out of the wrappers'
 * chunks, now as one file. The build fails if the plugin's group is gone or the chunk ends up without the runtime.
 */
export function federationChunk(): Plugin {
  return {
    name: 'app:federation-chunk',
    apply: 'build',
    // After @module-federation/vite (enforce: 'pre') has written its groups.
    enforce: 'post',
    config(config) {
      const output = config.build?.rolldownOptions?.output;
      const splitting = output && !Array.isArray(output) ? output.codeSplitting : undefined;
      const helper = typeof splitting === 'object' ? splitting.groups?.find((group) => group.name === 'vite-preload-helper') : undefined;
      if (!helper) throw revisit('the preload helper has no group of its own');
      helper.name = CHUNK;
      helper.test = FEDERATION_CODE;
    },
    generateBundle(_output, bundle) {
      const chunk = Object.values(bundle).find((file) => file.type === 'chunk' && file.name === CHUNK);
      const modules = chunk?.type === 'chunk' ? Object.keys(chunk.modules) : [];
      if (!modules.some((id) => /[\\/]@module-federation[\\/]runtime-core[\\/]/.test(id)))
        throw revisit(`the ${CHUNK} chunk holds no federation runtime`);
    },
  };
}
