// Images given to a bearer-token surface (automation API, OpenAI-compatible edits, MCP) by address or as bytes:
// our own stored files are checked where they are; addresses are fetched through the SSRF guard; everything else is
// checked by its bytes (PNG/JPEG/WebP, 10 MB) and stored by us, so the provider only ever sees our copies.
import type { FieldError } from '@app/contract';
import { storageUnavailable } from '../../errors.ts';
import { type FetchImageOptions, guardedFetchImage } from '../../images/fetch-image.ts';
import { storeUploadedBytes } from '../../images/store.ts';
import { ImageValidationError, validateImageBytes } from '../../images/validate.ts';
import { GuardedFetchError } from '../../net/guarded-fetch.ts';
import type { FileStorage } from '../../storage/storage.ts';
import { isStorageUnavailable } from '../../storage/unavailable.ts';
import { checkTaskImageInputs } from '../studio/index.ts';
import { invalidInputImages } from './problems.ts';

export interface ImageInputDeps {
  storage: FileStorage;
  /** The studio's guarded-fetch options (the test-only private-address escape hatch lives there). */
  fetchOptions: FetchImageOptions;
}

/** One image: an address to fetch, or bytes the caller sent; `pointer` names it in a 400. */
export type ImageInput = { pointer: string; url: string } | { pointer: string; bytes: Uint8Array };

type Checked = { errors: FieldError[]; bytes?: Uint8Array };

async function check(deps: ImageInputDeps, input: ImageInput, tooLarge: () => void): Promise<Checked> {
  const { pointer } = input;
  if ('bytes' in input) {
    try {
      return { errors: [], bytes: (await validateImageBytes(input.bytes)).bytes };
    } catch (error) {
      if (!(error instanceof ImageValidationError)) throw error;
      if (error.reason === 'too_large') tooLarge();
      return { errors: [{ pointer, detail: error.message }] };
    }
  }
  if (deps.storage.keyFromPublicUrl(input.url))
    return { errors: await checkTaskImageInputs(deps.storage, [], [{ pointer, url: input.url }]) };
  try {
    return { errors: [], bytes: (await guardedFetchImage(input.url, deps.fetchOptions)).bytes };
  } catch (error) {
    if (!(error instanceof GuardedFetchError)) throw error;
    if (error.reason === 'too_large') tooLarge();
    return { errors: [{ pointer, detail: error.message }] };
  }
}

/**
 * Returns the stored address of each input, in order. Throws one 400 `invalid_image` (413 `image_too_large`
 * when an image is over 10 MB) with a pointer per refused image; nothing is charged before this passes.
 */
export async function storeInputImages(deps: ImageInputDeps, inputs: ImageInput[]): Promise<string[]> {
  let tooLarge = false;
  // Everything is fetched and checked first, so nothing is stored when one image is refused.
  const checked = await Promise.all(inputs.map((input) => check(deps, input, () => (tooLarge = true))));
  const errors = checked.flatMap((one) => one.errors);
  if (errors.length) throw invalidInputImages(errors, tooLarge);
  const stored: string[] = [];
  try {
    for (const [index, one] of checked.entries()) {
      const input = inputs[index];
      stored.push(one.bytes ? (await storeUploadedBytes(deps.storage, one.bytes)).url : input && 'url' in input ? input.url : '');
    }
  } catch (error) {
    // The store is away: 503 with Retry-After before anything is charged, as for the studio's uploads.
    if (isStorageUnavailable(error)) throw storageUnavailable();
    throw error;
  }
  return stored;
}
