import { describe, expect, it } from 'vitest';
import { hostPageFor, remoteFor } from './routing.ts';

describe('remoteFor', () => {
  it('maps every spec route to its remote', () => {
    expect(remoteFor('/generate')).toBe('studio');
    expect(remoteFor('/my-creations')).toBe('studio');
    expect(remoteFor('/pricing')).toBe('billing');
    expect(remoteFor('/purchase-credits')).toBe('billing');
    expect(remoteFor('/login')).toBe('account');
    expect(remoteFor('/my-account')).toBe('account');
    expect(remoteFor('/api')).toBe('account');
    expect(remoteFor('/admin')).toBe('admin');
    expect(remoteFor('/history')).toBe('admin');
  });

  it('accepts a trailing slash and sub-paths but not look-alikes', () => {
    expect(remoteFor('/pricing/')).toBe('billing');
    expect(remoteFor('/admin/users')).toBe('admin');
    expect(remoteFor('/apis')).toBeUndefined();
    expect(remoteFor('/')).toBeUndefined();
    expect(remoteFor('/contact')).toBeUndefined();
  });
});

describe('hostPageFor', () => {
  it('matches the host pages exactly', () => {
    expect(hostPageFor('/')).toBe('/');
    expect(hostPageFor('/contact/')).toBe('/contact');
    expect(hostPageFor('/contact/more')).toBeUndefined();
    expect(hostPageFor('/generate')).toBeUndefined();
  });
});
