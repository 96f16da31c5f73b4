import type { ImageRefusal } from '../images/imageFiles.ts';

/** A picked file and why it was refused (null: a usable image). */
export interface CheckedFile {
  file: File;
  refusal: ImageRefusal | null;
}

/** Which checked files join the list: usable images only, cut to the free slots; the refused ones with their reason. */
export function pickImages(
  checked: readonly CheckedFile[],
  freeSlots: number,
): { added: File[]; refused: Array<{ file: File; refusal: ImageRefusal }>; cut: number } {
  const usable = checked.flatMap(({ file, refusal }) => (refusal ? [] : [file]));
  const refused = checked.flatMap(({ file, refusal }) => (refusal ? [{ file, refusal }] : []));
  const added = usable.slice(0, Math.max(0, freeSlots));
  return { added, refused, cut: usable.length - added.length };
}
