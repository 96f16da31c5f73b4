/**
 * The error that fails the build when a step of ours (a file of this folder) finds @module-federation/vite or its
 * runtime no longer as the step expects: after an upgrade, revisit that step rather than ship a broken page.
 */
export function federationChanged(step: string, what: string): Error {
  return new Error(`${what}: the federation plugin or runtime changed under remotes/federation/${step}, revisit it`);
}
