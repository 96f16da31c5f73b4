import type { ReferenceImage } from './useGenerationForm.ts';

/**
 * A reference image list where every entry has its stored address (new files go up in one `upload` call), or
 * undefined when the upload failed.
 */
export async function uploadReferences(
  references: ReferenceImage[],
  upload: (files: Blob[]) => Promise<string[] | undefined>,
): Promise<Array<ReferenceImage & { url: string }> | undefined> {
  const files = references.flatMap((reference) => (reference.url ? [] : reference.file ? [reference.file] : []));
  const urls = await upload(files);
  if (!urls) return undefined;
  let next = 0;
  return references.map((reference) =>
    reference.url ? { id: reference.id, url: reference.url } : { id: reference.id, url: urls[next++]! },
  );
}
