import { uploadImages } from '../images/uploadImages.ts';
import { StudioError } from './serverMessage.ts';
import type { ReferenceImage } from './useGenerationForm.ts';

/** A reference image list where every entry has its stored address (files uploaded in one call). */
export async function uploadReferences(references: ReferenceImage[], failure: string): Promise<Array<ReferenceImage & { url: string }>> {
  const files = references.flatMap((reference) => (reference.url ? [] : reference.file ? [reference.file] : []));
  const urls = files.length > 0 ? await uploadImages(files) : [];
  if (urls.length !== files.length) throw new StudioError(failure);
  let next = 0;
  return references.map((reference) =>
    reference.url ? { id: reference.id, url: reference.url } : { id: reference.id, url: urls[next++]! },
  );
}
