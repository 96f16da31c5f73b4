// The built UI as a phone downloads it: every text asset over 1 KB has brotli and gzip copies from the build,
// and Chromium receives the brotli ones (with their length), not the plain files.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { TestServer } from '@app/api/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHeading, openPage, PHONE } from './support/browser.ts';
import { HOST_DIST, REMOTES, remoteDist } from './support/ui-build.ts';
import { startUiServer, stopUiServer } from './support/ui-server.ts';

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg']);
const DISTS = [HOST_DIST, ...REMOTES.map(remoteDist)];

/** Every file a browser could be sent (dot folders, like Vite's `.vite/`, are never served). */
function servedFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(
      (entry) =>
        entry.isFile() &&
        !relative(dir, entry.parentPath)
          .split(sep)
          .some((part) => part.startsWith('.')),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The file on disk behind a URL of the served UI (a page address is the shell). */
function fileFor(path: string): string {
  const remote = /^\/remotes\/([a-z]+)(\/.*)$/.exec(path);
  if (remote) return join(remoteDist(remote[1] ?? ''), remote[2] ?? '');
  // A page is sent as its first frame, in the browser's language (the tests' is English).
  return extname(path) ? join(HOST_DIST, path) : join(HOST_DIST, 'first-paint/en', `${path.slice(1) || 'index'}.html`);
}

describe('precompressed UI build', () => {
  it('has .br and .gz copies beside every JS, CSS, HTML, JSON and SVG file of 1 KB or more, decoding to the file', () => {
    let compressed = 0;
    for (const dist of DISTS) {
      for (const file of servedFiles(dist).filter((name) => TEXT.has(extname(name)))) {
        const bytes = readFileSync(file);
        if (bytes.length < 1024) {
          expect(existsSync(`${file}.br`), file).toBe(false);
          continue;
        }
        compressed += 1;
        expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(bytes), `${file}.br`).toBe(true);
        expect(gunzipSync(readFileSync(`${file}.gz`)).equals(bytes), `${file}.gz`).toBe(true);
      }
      for (const file of servedFiles(dist).filter((name) => name.endsWith('.map') || name.endsWith('.webp'))) {
        expect(existsSync(`${file}.br`), file).toBe(false);
      }
    }
    // The shell and four remotes: well over a few dozen assets.
    expect(compressed).toBeGreaterThan(50);
  });
});

describe('what Chromium receives', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    ({ server, browser } = await startUiServer({ seed: true }));
  });
  afterAll(() => stopUiServer({ server, browser }));

  it('gets the brotli copy of the shell and of every large script and stylesheet of a remote page', async () => {
    const { page, errors, close } = await openPage(browser, PHONE);
    const received: { path: string; encoding: string | undefined; length: string | undefined }[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.origin !== server.url || url.pathname.startsWith('/api/')) return;
      received.push({ path: url.pathname, encoding: response.headers()['content-encoding'], length: response.headers()['content-length'] });
    });
    await page.goto(`${server.url}/generate`);
    await expectHeading(page, 'AI Image Studio');
    const withCopies = received.filter(({ path }) => existsSync(`${fileFor(path)}.br`));
    expect(withCopies.some(({ path }) => path === '/generate')).toBe(true);
    expect(withCopies.some(({ path }) => path.startsWith('/remotes/studio/'))).toBe(true);
    for (const { path, encoding, length } of withCopies) {
      expect(encoding, path).toBe('br');
      expect(Number(length), path).toBe(statSync(`${fileFor(path)}.br`).size);
    }
    expect(errors).toEqual([]);
    await close();
  });
});
