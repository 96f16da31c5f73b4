import { isAcceptableImage } from '../images/imageFiles.ts';

/** Which chosen files join the list: acceptable images only, cut to the free slots. */
export function pickImages(files: File[], freeSlots: number): { added: File[]; rejected: File[]; cut: number } {
  const acceptable = files.filter((file) => isAcceptableImage(file));
  const rejected = files.filter((file) => !isAcceptableImage(file));
  const added = acceptable.slice(0, Math.max(0, freeSlots));
  return { added, rejected, cut: acceptable.length - added.length };
}
