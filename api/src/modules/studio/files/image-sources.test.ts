import { describe, expect, it } from 'vitest';
import { LocalFileStorage } from '../../../storage/local.ts';
import { classifyImageUrl, isAllowedHost } from './image-sources.ts';

const storage = new LocalFileStorage({ root: '/tmp/unused-studio-files', publicBaseUrl: 'https://studio.example.com' });
const hosts = ['tempfile.aiquickdraw.com', '*.redpandaai.co', 'cdn.example.net:8443'];

describe('image sources', () => {
  it('match allow-list entries exactly, by wildcard for subdomains only, and by port when one is given', () => {
    const allowed = (url: string) => isAllowedHost(hosts, new URL(url));
    expect(allowed('https://tempfile.aiquickdraw.com/a.png')).toBe(true);
    expect(allowed('https://TEMPFILE.aiquickdraw.com/a.png')).toBe(true);
    expect(allowed('https://evil-tempfile.aiquickdraw.com/a.png')).toBe(false);
    expect(allowed('https://tempfile.aiquickdraw.com.evil.com/a.png')).toBe(false);
    expect(allowed('https://files.redpandaai.co/a.png')).toBe(true);
    expect(allowed('https://redpandaai.co/a.png')).toBe(false);
    expect(allowed('https://cdn.example.net:8443/a.png')).toBe(true);
    expect(allowed('https://cdn.example.net/a.png')).toBe(false);
  });

  it('compare canonical host names, so other notations of an address are the same host', () => {
    expect(isAllowedHost(['127.0.0.1'], new URL('http://0x7f.1/'))).toBe(true);
    expect(isAllowedHost(['127.0.0.1'], new URL('http://2130706433/'))).toBe(true);
    expect(isAllowedHost(['[::1]'], new URL('http://[0:0::1]/'))).toBe(true);
  });

  it('classify our files, provider files and anything else', () => {
    expect(classifyImageUrl(storage, hosts, 'https://studio.example.com/files/uploads/AAAAAAAAAAAAAAAAAAAAAA.png')).toEqual({
      kind: 'stored',
      key: 'uploads/AAAAAAAAAAAAAAAAAAAAAA.png',
    });
    expect(classifyImageUrl(storage, hosts, 'https://tempfile.aiquickdraw.com/x.png').kind).toBe('provider');
    for (const url of [
      'https://elsewhere.com/x.png',
      'ftp://tempfile.aiquickdraw.com/x.png',
      'https://user:pw@tempfile.aiquickdraw.com/x.png',
      'https://studio.example.com/files/../secret.png',
      'nonsense',
    ]) {
      expect(classifyImageUrl(storage, hosts, url).kind, url).toBe('other');
    }
  });
});
