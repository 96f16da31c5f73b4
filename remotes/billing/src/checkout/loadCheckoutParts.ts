import { loadOnce } from '@app/ui/load-once';

/** The checkout's parts (see checkoutParts.ts), fetched once; a failed download may be tried again. */
export const loadCheckoutParts = loadOnce(() => import('./checkoutParts.ts'));
