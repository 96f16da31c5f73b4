import { useMutation } from '@app/api-client';
import { toast } from '@app/ui';
import { readDataUrl } from './imageFiles.ts';

/**
 * Stores images through POST /api/upload-images. The returned function answers their addresses in order, or
 * undefined when that failed: a toast titled `failure` then says why (`fallback` when the server did not).
 */
export function useUploadImages(failure: string, fallback: string) {
  // A retry of the same files after a lost answer replays their stored addresses instead of storing them twice.
  const { trigger } = useMutation('post', '/api/upload-images', { failure, fallback, idempotent: true });
  const fail = () => {
    toast({ title: failure, description: fallback, variant: 'error' });
    return undefined;
  };
  return async (files: Blob[]): Promise<string[] | undefined> => {
    if (files.length === 0) return [];
    const images = await Promise.all(files.map(readDataUrl)).catch(() => undefined);
    if (!images) return fail();
    const result = await trigger({ body: { images } });
    if (!result) return undefined;
    return result.data.urls.length === files.length ? result.data.urls : fail();
  };
}
