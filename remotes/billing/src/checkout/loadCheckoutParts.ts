type Parts = typeof import('./checkoutParts.ts');

let loading: Promise<Parts> | undefined;

/** The checkout's parts (see checkoutParts.ts), fetched once; a failed download may be tried again. */
export function loadCheckoutParts(): Promise<Parts> {
  loading ??= import('./checkoutParts.ts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
