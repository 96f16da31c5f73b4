import { useT } from '@app/i18n';
import { toast } from '@app/ui';
import { useEffect, useRef, useState } from 'react';
import { absoluteUrl } from '../images/absoluteUrl.ts';
import { fileNameFromUrl } from '../images/fileNames.ts';
import { fetchThroughProxy, ProxyFetchError } from '../images/proxyImage.ts';
import type { LaunchState } from './launchParams.ts';
import type { ScaleRatio } from './studioTabs.ts';

/**
 * The image to upscale. A preloaded image keeps its stored address, so the upscale is linked to
 * the task it came from (that task then gets its HD version); a chosen file is uploaded first.
 */
export interface UpscaleSource {
  name: string;
  blob: Blob;
  url?: string;
}

/** The upscale tab's values: the image, x2/x3/x4 and face enhancement; preloads `upscaleImage` on arrival. */
export function useUpscaleForm(launch: LaunchState) {
  const t = useT();
  const [scale, setScale] = useState<ScaleRatio>(launch.scale);
  const [faceEnhancement, setFaceEnhancement] = useState(false);
  const [source, setSource] = useState<UpscaleSource | null>(null);
  const [isPreloading, setPreloading] = useState(false);
  const pending = useRef<AbortController | null>(null);

  /** Fetches a stored image through the proxy and makes it the image to upscale. */
  async function preload(url: string) {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setPreloading(true);
    try {
      const blob = await fetchThroughProxy(url, controller.signal);
      if (!controller.signal.aborted) setSource({ name: fileNameFromUrl(url, blob.type), blob, url: absoluteUrl(url) });
    } catch (error) {
      if (controller.signal.aborted) return;
      const description =
        error instanceof ProxyFetchError ? t('studio.fetchImageFailed', { status: error.status, text: error.statusText }) : undefined;
      toast({ title: t('studio.preloadFailed'), description, variant: 'error' });
    } finally {
      if (pending.current === controller) setPreloading(false);
    }
  }

  function choose(file: File) {
    pending.current?.abort();
    setPreloading(false);
    setSource({ name: file.name, blob: file });
  }

  // The launch image is preloaded once; the ref keeps the effect from re-running when `t` changes.
  const preloadRef = useRef(preload);
  preloadRef.current = preload;
  useEffect(() => {
    if (launch.upscaleImage) void preloadRef.current(launch.upscaleImage);
    return () => pending.current?.abort();
  }, [launch.upscaleImage]);

  return { scale, setScale, faceEnhancement, setFaceEnhancement, source, choose, preload, isPreloading, clear: () => setSource(null) };
}

export type UpscaleForm = ReturnType<typeof useUpscaleForm>;
