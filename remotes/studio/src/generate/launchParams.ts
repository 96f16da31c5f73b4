import type { RecreateValues } from './recreateStorage.ts';
import type { ScaleRatio, StudioTab } from './studioTabs.ts';

/** How /generate opens: from its query parameters and from values Recreate left behind. */
export interface LaunchState {
  tab: StudioTab;
  scale: ScaleRatio;
  /** An image address to preload for upscaling (fetched through the proxy). */
  upscaleImage?: string;
  recreate?: RecreateValues;
}

const SCALES: Record<string, ScaleRatio> = { x2: '2', x3: '3', x4: '4' };

/** The tab Recreate's values belong to: edit when they were an edit, else text. */
function tabOf(values: RecreateValues): StudioTab {
  return values.generationType === 'edit_image' || values.model === 'nano_banana_edit' ? 'edit_image' : 'text_to_image';
}

/**
 * Reads `tab` (upscale_hd opens the upscale tab), `scale` (x2, x3, x4) and `upscaleImage`;
 * otherwise Recreate's values pick the tab. The query wins when both are present.
 */
export function launchState(search: URLSearchParams, recreate: RecreateValues | null): LaunchState {
  const upscaleImage = search.get('upscaleImage') ?? undefined;
  const wantsUpscale = search.get('tab') === 'upscale_hd';
  return {
    tab: wantsUpscale ? 'upscale_hd' : recreate ? tabOf(recreate) : 'text_to_image',
    scale: SCALES[search.get('scale') ?? ''] ?? '2',
    ...(upscaleImage && { upscaleImage }),
    ...(recreate && { recreate }),
  };
}

/** Whether the address carries anything `launchState` reads (so it needs clearing). */
export function hasLaunchQuery(search: URLSearchParams): boolean {
  return ['tab', 'scale', 'upscaleImage'].some((name) => search.has(name));
}
