import type { Plugin } from 'vite';

/** The federation runtime's modules (sdk, core, the runtime's entry and helpers) and Vite's preload helper. */
const FEDERATION_CODE = /[\\/]@module-federation[\\/]|\0?vite[\\/]preload-helper/;

/**
 * One chunk for the host's federation runtime and Vite's preload helper, which every page loads together, instead
 * of two requests. @module-federation/vite isolates the preload helper in a group of its own, ranked above every
 * other group (a user group cannot outrank it: the plugin clamps their priority), so that its shared-module
 * wrappers, which pull their dependencies into their chunks, never take the helper with them. This widens that top
 * group to the runtime too: both are plain libraries without top-level await, so they stay out of the wrappers'
 * chunks, now as one file. The remotes keep the plugin's helper-only group: their pages run no federation code of
 * theirs besides their container (remotes/remote-entry.ts), so the runtime's pieces in their builds are never loaded.
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
      if (!helper)
        throw new Error('@module-federation/vite no longer isolates the preload helper: revisit shells/host/build/federationChunk.ts');
      helper.name = 'federation';
      helper.test = FEDERATION_CODE;
    },
  };
}
