// A JSON answer a cache keeps (a task list page, the public pricing) with its brotli and gzip bytes, each made once on
// first need: browsers read such answers again and again, and compressing one on every read cost more than the rest
// of the request.
import type { COMPRESSED_ENCODINGS } from './content-encoding.ts';

type CompressedEncoding = (typeof COMPRESSED_ENCODINGS)[number];
type Compress = (text: string) => Promise<Buffer>;

export class KeptJson {
  readonly json: string;
  readonly #forms = new Map<CompressedEncoding, Promise<Buffer>>();

  constructor(json: string) {
    this.json = json;
  }

  /** The JSON compressed with `encoding` by `compress` (the request frame's settings); made once, then kept. */
  form(encoding: CompressedEncoding, compress: Compress): Promise<Buffer> {
    let form = this.#forms.get(encoding);
    if (!form) {
      form = compress(this.json);
      this.#forms.set(encoding, form);
      // A failed compression is not kept: the next read tries again.
      form.catch(() => this.#forms.delete(encoding));
    }
    return form;
  }
}
