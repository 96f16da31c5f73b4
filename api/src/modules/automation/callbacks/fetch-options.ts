// Callbacks may reach the private networks the operator lists (CALLBACK_ALLOWED_NETWORKS, for a self-hosted
// n8n); every other guarded fetch keeps to public addresses.

import type { FetchImageOptions } from '../../../images/fetch-image.ts';
import { AllowedNetworks } from '../../../net/allowed-networks.ts';

// Parsed once per configured list (the config's array), not on every submission.
const parsed = new WeakMap<readonly string[], AllowedNetworks>();

export function callbackFetchOptions(base: FetchImageOptions, allowedNetworks: readonly string[]): FetchImageOptions {
  if (!allowedNetworks.length) return base;
  let allowNetworks = parsed.get(allowedNetworks);
  if (!allowNetworks) {
    allowNetworks = new AllowedNetworks(allowedNetworks);
    parsed.set(allowedNetworks, allowNetworks);
  }
  return { ...base, allowNetworks };
}
