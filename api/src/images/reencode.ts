// What we store of an upload is an image we made: decoded completely (a damaged file is refused here, before
// anything is written) and encoded again from its pixels, upright, with no metadata chunks and no bytes after the
// end, so a polyglot (HTML, a script in a text chunk, a ZIP appended) comes back as a plain picture.
import sharp from 'sharp';
import { ImageValidationError, type ValidatedImage } from './validate.ts';

/** Decodes every pixel (any decoder warning refuses the file) and re-encodes in the same format. */
export async function reencodeImage(image: ValidatedImage): Promise<ValidatedImage> {
  try {
    // `rotate()` applies the EXIF orientation; sharp writes no metadata unless asked to.
    const upright = sharp(image.bytes, { limitInputPixels: false, failOn: 'warning' }).rotate();
    const encoded =
      image.mimeType === 'image/png'
        ? upright.png()
        : image.mimeType === 'image/jpeg'
          ? upright.jpeg({ quality: 92 })
          : upright.webp({ quality: 92 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { ...image, bytes: data, width: info.width, height: info.height };
  } catch (cause) {
    throw new ImageValidationError('corrupt', 'The image is damaged and could not be read completely.', { cause });
  }
}
