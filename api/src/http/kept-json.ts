// A JSON answer a cache keeps (a task list page, the public pricing) with the body it sends uncompressed, and its brotli
// and gzip bytes each made once on first need: browsers read such answers again and again, and compressing one on
// every read cost more than the rest of the request.
import type { COMPRESSED_ENCODINGS } from './content-encoding.ts';

type CompressedEncoding = (typeof COMPRESSED_ENCODINGS)[number];
type Compress = (text: string) => Promise<Buffer>;

/**
 * From this length on, the uncompressed body is the JSON's UTF-8 bytes, made once: sent as text, a 12 KB page was
 * measured and encoded again on every read. A shorter one stays text, which Node writes in one piece with the headers
 * (bytes take a second, gathered write), measured cheaper for small answers.
 */
const SENT_AS_BYTES_FROM = 1024;

export class KeptJson {
  readonly json: string;
  /** What an answer that is not compressed sends: the JSON, as text or as bytes by its length. */
  readonly body: string | Buffer;
  readonly #forms = new Map<CompressedEncoding, Promise<Buffer>>();

  constructor(json: string) {
    this.json = json;
    this.body = json.length < SENT_AS_BYTES_FROM ? json : Buffer.from(json);
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
