import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllowedNetworks, AllowedNetworksError } from './allowed-networks.ts';
import { GuardedFetchError, guardedFetch, type Resolver } from './guarded-fetch.ts';
import { type ParsedAddress, parseIpLiteral } from './ip.ts';

const ip = (text: string) => parseIpLiteral(text) as ParsedAddress;

describe('AllowedNetworks', () => {
  it('reads CIDRs, single addresses and host names, and refuses anything else', () => {
    const list = new AllowedNetworks([' 192.168.1.0/24', '10.1.2.3', 'fd00::/8', 'n8n', '*.corp.example', '']);
    expect(list.entries).toEqual(['192.168.1.0/24', '10.1.2.3', 'fd00::/8', 'n8n', '*.corp.example']);
    for (const bad of ['192.168.1.0/33', '10.0.0/8', '0177.0.0.1/32', 'http://n8n', 'n8n:5678', '::1/129', 'a b', '*.']) {
      expect(() => new AllowedNetworks([bad]), bad).toThrow(AllowedNetworksError);
    }
    expect(new AllowedNetworks([]).isEmpty).toBe(true);
  });

  it('allows addresses inside listed networks only, IPv4-mapped IPv6 included', () => {
    const list = new AllowedNetworks(['192.168.1.0/24', '10.1.2.3', 'fd00::/8']);
    expect(list.allows('x.example', ip('192.168.1.200'))).toBe(true);
    expect(list.allows('x.example', ip('::ffff:192.168.1.7'))).toBe(true);
    expect(list.allows('x.example', ip('10.1.2.3'))).toBe(true);
    expect(list.allows('x.example', ip('fd12::1'))).toBe(true);
    expect(list.allows('x.example', ip('192.168.2.1'))).toBe(false);
    expect(list.allows('x.example', ip('10.1.2.4'))).toBe(false);
    expect(list.allows('x.example', ip('127.0.0.1'))).toBe(false);
  });

  it('allows listed host names and their subdomains for *. entries', () => {
    const list = new AllowedNetworks(['n8n', '*.corp.example']);
    expect(list.allows('n8n', ip('172.18.0.4'))).toBe(true);
    expect(list.allows('N8N.', ip('172.18.0.4'))).toBe(true);
    expect(list.allows('flows.corp.example', ip('10.0.0.9'))).toBe(true);
    expect(list.allows('corp.example', ip('10.0.0.9'))).toBe(false);
    expect(list.allows('n8n2', ip('172.18.0.4'))).toBe(false);
  });

  it('never allows cloud metadata, even when a listed network or name covers it', () => {
    const list = new AllowedNetworks(['169.254.0.0/16', '168.63.129.16', 'fd00::/8', 'metadata.google.internal', 'n8n']);
    expect(list.allows('x.example', ip('169.254.169.254'))).toBe(false);
    expect(list.allows('x.example', ip('::ffff:169.254.169.254'))).toBe(false);
    expect(list.allows('x.example', ip('168.63.129.16'))).toBe(false);
    expect(list.allows('x.example', ip('fd00:ec2::254'))).toBe(false);
    expect(list.allows('metadata.google.internal', ip('10.0.0.1'))).toBe(false);
    expect(list.allows('n8n', ip('169.254.169.254'))).toBe(false);
    expect(list.allows('x.example', ip('169.254.1.1'))).toBe(true);
  });
});

describe('guardedFetch with allowed networks', () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/redirect') {
        res.writeHead(302, { location: `http://127.0.0.2:${port}/ok` }).end();
        return;
      }
      res.end(`hello ${req.headers.host}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const reason = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(GuardedFetchError);
    return (error as GuardedFetchError).reason;
  };
  const resolveTo =
    (...addresses: string[]): Resolver =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('reaches a listed network, and nothing else private', async () => {
    const allowNetworks = new AllowedNetworks(['127.0.0.1/32']);
    const ok = await guardedFetch(`http://127.0.0.1:${port}/ok`, { allowNetworks });
    expect(ok.body.toString()).toBe(`hello 127.0.0.1:${port}`);
    expect(await reason(guardedFetch(`http://127.0.0.1:${port}/ok`))).toBe('blocked_address');
    expect(await reason(guardedFetch(`http://10.0.0.1:${port}/ok`, { allowNetworks }))).toBe('blocked_address');
  });

  it('lets a single-label Docker name through when listed, or when every address is in a listed network', async () => {
    const byName = await guardedFetch(`http://n8n:${port}/ok`, {
      allowNetworks: new AllowedNetworks(['n8n']),
      resolve: resolveTo('127.0.0.1'),
    });
    expect(byName.body.toString()).toBe(`hello n8n:${port}`);
    const byNetwork = await guardedFetch(`http://n8n:${port}/ok`, {
      allowNetworks: new AllowedNetworks(['127.0.0.0/8']),
      resolve: resolveTo('127.0.0.1'),
    });
    expect(byNetwork.status).toBe(200);
    // A refused-by-name host resolving outside the list (even to a public address) stays refused.
    const list = new AllowedNetworks(['127.0.0.0/8']);
    expect(await reason(guardedFetch(`http://n8n:${port}/ok`, { allowNetworks: list, resolve: resolveTo('127.0.0.1', '8.8.8.8') }))).toBe(
      'blocked_host',
    );
    expect(await reason(guardedFetch(`http://n8n:${port}/ok`, { resolve: resolveTo('127.0.0.1') }))).toBe('blocked_host');
  });

  it('keeps refusing metadata names and redirects into private space outside the list', async () => {
    const allowNetworks = new AllowedNetworks(['127.0.0.1/32', '169.254.0.0/16']);
    expect(await reason(guardedFetch(`http://metadata.google.internal:${port}/`, { allowNetworks, resolve: resolveTo('127.0.0.1') }))).toBe(
      'blocked_host',
    );
    expect(await reason(guardedFetch('http://169.254.169.254/latest/meta-data/', { allowNetworks }))).toBe('blocked_address');
    expect(await reason(guardedFetch(`http://127.0.0.1:${port}/redirect`, { allowNetworks, redirect: 'follow' }))).toBe('blocked_address');
  });
});
