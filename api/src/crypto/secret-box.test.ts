import { afterEach, describe, expect, it } from 'vitest';
import {
  decryptSecret,
  encryptSecret,
  isEncryptedSecret,
  SecretDecryptError,
  secretDigest,
  secretHint,
  useSecretKey,
} from './secret-box.ts';

const KEY_A = 'a'.repeat(40);
const KEY_B = 'b'.repeat(40);

afterEach(() => useSecretKey(KEY_A));

describe('encryptSecret / decryptSecret', () => {
  it('round-trips, in the versioned v1:<iv>:<tag>:<ciphertext> base64url format, without the plaintext', () => {
    useSecretKey(KEY_A);
    const stored = encryptSecret('sk_live_0123456789');
    expect(stored).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain('0123456789');
    expect(isEncryptedSecret(stored)).toBe(true);
    expect(decryptSecret(stored)).toBe('sk_live_0123456789');
  });

  it('uses a fresh IV per value: the same secret never encrypts to the same text', () => {
    const first = encryptSecret('same');
    const second = encryptSecret('same');
    expect(first).not.toBe(second);
    expect(first.split(':')[1]).not.toBe(second.split(':')[1]);
  });

  it('round-trips unicode and empty strings', () => {
    expect(decryptSecret(encryptSecret('ключ 🔑'))).toBe('ключ 🔑');
    expect(decryptSecret(encryptSecret(''))).toBe('');
  });

  it('reads legacy plaintext (no v1 prefix) as it is', () => {
    expect(isEncryptedSecret('plain-token')).toBe(false);
    expect(decryptSecret('plain-token')).toBe('plain-token');
  });

  it('refuses a value encrypted under another SECRET_KEY', () => {
    useSecretKey(KEY_A);
    const stored = encryptSecret('secret');
    useSecretKey(KEY_B);
    expect(() => decryptSecret(stored)).toThrow(SecretDecryptError);
  });

  it('refuses a tampered ciphertext or tag (GCM authentication)', () => {
    const stored = encryptSecret('secret value');
    const [v, iv, tag, ct = ''] = stored.split(':');
    const flipped = (ct[0] === 'A' ? 'B' : 'A') + ct.slice(1);
    expect(() => decryptSecret([v, iv, tag, flipped].join(':'))).toThrow(SecretDecryptError);
    const otherTag = encryptSecret('secret value').split(':')[2];
    expect(() => decryptSecret([v, iv, otherTag, ct].join(':'))).toThrow(SecretDecryptError);
  });
});

describe('secretDigest', () => {
  it('is stable per key and differs between keys and values', () => {
    useSecretKey(KEY_A);
    const a = secretDigest('token-1');
    expect(secretDigest('token-1')).toBe(a);
    expect(secretDigest('token-2')).not.toBe(a);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    useSecretKey(KEY_B);
    expect(secretDigest('token-1')).not.toBe(a);
  });
});

describe('secretHint', () => {
  it('shows only the last 4 characters of long secrets, nothing of short ones', () => {
    expect(secretHint('sk_live_0123456789abcd')).toBe('••••abcd');
    expect(secretHint('short')).toBe('••••');
    expect(secretHint('')).toBeNull();
    expect(secretHint(null)).toBeNull();
  });
});
