import { api, unwrap } from '@app/api-client';
import { readDataUrl } from './imageFiles.ts';

/** Stores images through POST /api/upload-images; answers their addresses in order (throws ApiError on a problem). */
export async function uploadImages(files: Blob[]): Promise<string[]> {
  const images = await Promise.all(files.map(readDataUrl));
  const { urls } = unwrap(await api.POST('/api/upload-images', { body: { images } }));
  return urls;
}
