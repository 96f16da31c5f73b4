/**
 * Brotli (maximum quality) and gzip copies of a UI build's text assets, written next to each file
 * (`x.js.br`, `x.js.gz`), so the API's static server sends them as they are instead of compressing
 * on every request. Used by the host and every remote as a Vite plugin; plain `node:zlib`, run on
 * libuv's thread pool so the files compress in parallel.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text assets a browser downloads; source maps and images are left alone. */
const EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg']);
/** Below this, a compressed copy saves less than the headers it costs. */
export const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  // Dot folders (Vite's `.vite/` build manifest) are never served.
  return entries
    .filter(
      (entry) =>
        entry.isFile() &&
        !relative(dir, entry.parentPath)
          .split(sep)
          .some((part) => part.startsWith('.')),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `.br` and `.gz` beside every text asset of `dir` of at least MIN_BYTES; a copy that is not smaller is not written. */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const files = (await listFiles(dir)).filter((file) => EXTENSIONS.has(extname(file)));
  await Promise.all(
    files.map(async (file) => {
      const source = await readFile(file);
      if (source.length < MIN_BYTES) return;
      const [br, gzipped] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gz(source, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      result.files += 1;
      result.bytes += source.length;
      if (br.length < source.length) {
        await writeFile(`${file}.br`, br);
        result.brotliBytes += br.length;
      }
      if (gzipped.length < source.length) {
        await writeFile(`${file}.gz`, gzipped);
        result.gzipBytes += gzipped.length;
      }
    }),
  );
  return result;
}

/** The Vite plugin: after the build has written everything (federation manifests included), compress the output. */
export function precompress(): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => {};
  return {
    name: 'app:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    async closeBundle() {
      const started = Date.now();
      const { files, bytes, brotliBytes, gzipBytes } = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} kB`;
      log(`precompressed ${files} files (${kb(bytes)}): brotli ${kb(brotliBytes)}, gzip ${kb(gzipBytes)} in ${Date.now() - started} ms`);
    },
  };
}
