// Images given to the automation API by address: our own stored files are checked where they are; anything
// else is fetched through the SSRF guard, checked by its bytes (PNG/JPEG/WebP, 10 MB) and stored by us, so
// the provider only ever sees our copies.
import type { FieldError } from '@app/contract';
import { type FetchImageOptions, guardedFetchImage } from '../../images/fetch-image.ts';
import { storeUploadedBytes } from '../../images/store.ts';
import { GuardedFetchError } from '../../net/guarded-fetch.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { checkTaskImageInputs } from '../studio/index.ts';
import { invalidInputImages } from './problems.ts';

export interface ImageInputDeps {
  storage: FileStorage;
  /** The studio's guarded-fetch options (the test-only private-address escape hatch lives there). */
  fetchOptions: FetchImageOptions;
}

/**
 * Returns the stored address of each input, in order. Throws one 400 `invalid_image` (413 `image_too_large`
 * when an image is over 10 MB) with a pointer per refused address; nothing is charged before this passes.
 */
export async function storeInputImages(deps: ImageInputDeps, inputs: { pointer: string; url: string }[]): Promise<string[]> {
  let tooLarge = false;
  // Everything is fetched and checked first, so nothing is stored when one address is refused.
  const checked = await Promise.all(
    inputs.map(async ({ pointer, url }): Promise<{ errors: FieldError[]; bytes?: Uint8Array }> => {
      if (deps.storage.keyFromPublicUrl(url)) return { errors: await checkTaskImageInputs(deps.storage, [], [{ pointer, url }]) };
      try {
        return { errors: [], bytes: (await guardedFetchImage(url, deps.fetchOptions)).bytes };
      } catch (error) {
        if (!(error instanceof GuardedFetchError)) throw error;
        if (error.reason === 'too_large') tooLarge = true;
        return { errors: [{ pointer, detail: error.message }] };
      }
    }),
  );
  const errors = checked.flatMap((one) => one.errors);
  if (errors.length) throw invalidInputImages(errors, tooLarge);
  const stored: string[] = [];
  for (const [index, one] of checked.entries()) {
    stored.push(one.bytes ? (await storeUploadedBytes(deps.storage, one.bytes)).url : (inputs[index]?.url ?? ''));
  }
  return stored;
}
