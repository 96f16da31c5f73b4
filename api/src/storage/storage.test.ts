import { describe, expect, it } from 'vitest';
import { newUploadKey, PublicFileUrls, randomId, resultKey, StorageKeyError } from './storage.ts';

describe('keys', () => {
  it('upload keys carry 128 random bits and never repeat', () => {
    const keys = new Set(Array.from({ length: 2000 }, () => newUploadKey('png')));
    expect(keys.size).toBe(2000);
    for (const key of [...keys].slice(0, 20)) {
      expect(key).toMatch(/^uploads\/[A-Za-z0-9_-]{22}\.png$/);
      expect(Buffer.from(key.slice(8, 30), 'base64url').length).toBe(16);
    }
    expect(randomId()).not.toBe(randomId());
  });

  it('result keys need an unguessable-looking task id', () => {
    const id = randomId();
    expect(resultKey(id, 0, 'png')).toBe(`results/${id}/0.png`);
    expect(() => resultKey('task_1', 0, 'png')).toThrow(StorageKeyError);
    expect(() => resultKey('../../../../etc/passwd', 0, 'png')).toThrow(StorageKeyError);
    expect(() => resultKey(id, -1, 'png')).toThrow(StorageKeyError);
  });
});

describe('public file URLs', () => {
  it('keep a path under the public origin and refuse other schemes', () => {
    const urls = new PublicFileUrls('https://example.com/studio/');
    expect(urls.urlFor('uploads/abcdefghijklmnopqrstuv.png')).toBe('https://example.com/studio/files/uploads/abcdefghijklmnopqrstuv.png');
    expect(urls.keyOf('https://example.com/files/uploads/abcdefghijklmnopqrstuv.png')).toBeNull();
    expect(() => new PublicFileUrls('ftp://example.com')).toThrow(/http/);
  });

  it('read an origin known only later (the address a server listens on) at first use, once', () => {
    let reads = 0;
    let origin: string | undefined;
    const urls = new PublicFileUrls(() => {
      reads += 1;
      if (!origin) throw new Error('not listening yet');
      return origin;
    });
    expect(reads).toBe(0);
    origin = 'http://127.0.0.1:41234';
    expect(urls.urlFor('uploads/abcdefghijklmnopqrstuv.png')).toBe('http://127.0.0.1:41234/files/uploads/abcdefghijklmnopqrstuv.png');
    expect(urls.keyOf('http://127.0.0.1:41234/files/uploads/abcdefghijklmnopqrstuv.png')).toBe('uploads/abcdefghijklmnopqrstuv.png');
    expect(urls.publicBaseUrl).toBe('http://127.0.0.1:41234');
    expect(reads).toBe(1);
    expect(() => new PublicFileUrls(() => 'ftp://example.com').urlFor('uploads/abcdefghijklmnopqrstuv.png')).toThrow(/http/);
  });
});
