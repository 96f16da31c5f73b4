import { useQuery } from '@app/api-client';
import { POLL_MS } from '@app/contract/constants';

export type StudioAction = 'text_to_image' | 'edit_image' | 'upscale_hd';

/** What each studio action costs in credits, from GET /api/pricing/current (refreshed every minute). */
export function useStudioPricing() {
  const { data } = useQuery('/api/pricing/current', {}, { refreshInterval: POLL_MS.pricing });
  if (!data) return undefined;
  const costs: Record<StudioAction, number> = {
    text_to_image: data.nanoBananaCredits,
    edit_image: data.nanoBananaEditCredits,
    upscale_hd: data.nanoBananaResizeCredits,
  };
  return costs;
}
