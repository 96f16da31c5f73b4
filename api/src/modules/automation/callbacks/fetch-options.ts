// Callbacks may reach the private networks the operator lists (CALLBACK_ALLOWED_NETWORKS, for a self-hosted
// n8n); every other guarded fetch keeps to public addresses.
import { AllowedNetworks } from '../../../net/allowed-networks.ts';
import type { FetchImageOptions } from '../../../net/fetch-image.ts';

export function callbackFetchOptions(base: FetchImageOptions, allowedNetworks: readonly string[]): FetchImageOptions {
  return allowedNetworks.length ? { ...base, allowNetworks: new AllowedNetworks(allowedNetworks) } : base;
}
