import type { ASPECT_RATIOS, IMAGE_SIZES, OUTPUT_FORMATS } from '@app/contract/constants';
import { useState } from 'react';
import type { LaunchState } from './launchParams.ts';

/** A reference image of the edit tab: a file still to upload, or an address already stored. */
export interface ReferenceImage {
  id: number;
  file?: File;
  url?: string;
}

export interface GenerationValues {
  prompt: string;
  aspectRatio: (typeof ASPECT_RATIOS)[number];
  outputFormat: (typeof OUTPUT_FORMATS)[number];
  imageSize: (typeof IMAGE_SIZES)[number];
  /** NaN when empty (RAC NumberField's empty value). */
  seed: number;
  enableFallback: boolean;
  /** Images to make from the prompt (`n`, 1 to 4), each its own task and charge. */
  count: number;
}

let nextId = 1;
/** Wraps files or stored addresses as reference images with keys for the list. */
export const toReferences = (items: Array<{ file?: File; url?: string }>): ReferenceImage[] =>
  items.map((item) => ({ id: nextId++, ...item }));

/** The text and edit tabs' values (they share prompt and settings), prefilled by Recreate. */
export function useGenerationForm(launch: LaunchState) {
  const [values, setValues] = useState<GenerationValues>(() => ({
    prompt: launch.recreate?.prompt ?? '',
    aspectRatio: launch.recreate?.aspectRatio ?? '1:1',
    outputFormat: 'png',
    imageSize: 'auto',
    seed: Number.NaN,
    enableFallback: false,
    count: 1,
  }));
  const [references, setReferences] = useState<ReferenceImage[]>(() =>
    toReferences((launch.recreate?.inputImageUrls ?? []).map((url) => ({ url }))),
  );
  const update = (patch: Partial<GenerationValues>) => setValues((current) => ({ ...current, ...patch }));
  return { values, update, references, setReferences };
}

export type GenerationForm = ReturnType<typeof useGenerationForm>;
