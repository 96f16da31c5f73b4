// The deployment recipe as files: compose.yaml, deploy/nginx.conf and the Dockerfile agree with each other and
// with the app's configuration (images cannot be pulled or built here; what can be checked without them is).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadConfig } from '@app/api/config';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { interpolate, REPO_ROOT, readCompose, serviceEnvironment, servicesWithRole } from './compose.ts';

const compose = readCompose();
const secrets = { SECRET_KEY: 'k'.repeat(40), S3_SECRET_ACCESS_KEY: 'minio-secret' };
const read = (path: string) => readFileSync(`${REPO_ROOT}${path}`, 'utf8');

describe('compose.yaml', () => {
  const webs = servicesWithRole(compose, 'web');
  const workers = servicesWithRole(compose, 'worker');

  it('runs two web processes and a worker from one image, differing only in ROLE', () => {
    expect(webs).toHaveLength(2);
    expect(workers).toHaveLength(1);
    const apps = [...webs, ...workers];
    for (const service of apps) expect(compose.services[service]?.build).toBe('.');
    const withoutRole = apps.map((service) => {
      const { ROLE: _role, ...rest } = serviceEnvironment(compose, service, secrets);
      return rest;
    });
    for (const environment of withoutRole) expect(environment).toEqual(withoutRole[0]);
  });

  it('gives each role an environment the app accepts: production, PostgreSQL, the bucket, behind the proxy', () => {
    const roles: [string, string][] = [
      ...webs.map((s): [string, string] => [s, 'web']),
      ...workers.map((s): [string, string] => [s, 'worker']),
    ];
    for (const [service, role] of roles) {
      const config = loadConfig(serviceEnvironment(compose, service, secrets));
      expect(config.role).toBe(role);
      expect(config.isProduction).toBe(true);
      expect(config.databaseUrl).toMatch(/@postgres:5432\//);
      expect(config.storage).toMatchObject({ backend: 's3', bucket: 'studio', endpoint: 'http://minio:9000', forcePathStyle: true });
      expect(config.trustProxy).toBe(true);
      expect(config.host).toBe('0.0.0.0');
      expect(config.publicUrl).toBe('http://localhost:8080');
    }
  });

  it('refuses to start without the secrets, naming them', () => {
    expect(() => serviceEnvironment(compose, 'worker', { S3_SECRET_ACCESS_KEY: 'minio-secret' })).toThrow(/SECRET_KEY is required/);
    expect(() => serviceEnvironment(compose, 'worker', { SECRET_KEY: 'k'.repeat(40) })).toThrow(/S3_SECRET_ACCESS_KEY is required/);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: compose's interpolation syntax, not a template
    expect(interpolate('a$${b}-${C:-d}-${E}', { E: 'e' })).toBe('a${b}-d-e');
  });

  it('creates the bucket the app uses before any app process starts, and puts the web processes behind the proxy', () => {
    const bucketJob = JSON.stringify(compose.services.bucket?.entrypoint);
    expect(bucketJob).toContain(`mc mb --ignore-existing store/${serviceEnvironment(compose, 'worker', secrets).S3_BUCKET}`);
    for (const service of [...webs, ...workers]) {
      expect(compose.services[service]?.depends_on).toMatchObject({
        postgres: { condition: 'service_healthy' },
        bucket: { condition: 'service_completed_successfully' },
      });
    }
    const nginx = read('deploy/nginx.conf');
    const upstreams = [...nginx.matchAll(/^\s*server\s+([\w-]+):(\d+);/gm)].map((match) => [match[1], match[2]]);
    expect(upstreams).toEqual(webs.map((service) => [service, serviceEnvironment(compose, service, secrets).PORT]));
    expect(nginx).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('builds on the Node and pnpm the repo pins', () => {
    const tools = JSON.parse(read('tools/package.json')) as { dependencies: { node: string } };
    const root = JSON.parse(read('package.json')) as { packageManager: string };
    expect(dockerfile).toMatch(new RegExp(`^FROM node:${tools.dependencies.node.replaceAll('.', '\\.')}-`, 'm'));
    expect(dockerfile).toContain(`npm install --global ${root.packageManager}`);
    expect(dockerfile).toContain('RUN pnpm install --frozen-lockfile');
    expect(dockerfile).toContain('RUN pnpm run --silent build');
    expect(dockerfile).toMatch(/^CMD \["node", "api\/src\/server\.ts"\]$/m);
  });

  it('copies the manifest of every workspace package before installing', () => {
    const workspace = parse(read('pnpm-workspace.yaml')) as { packages: string[] };
    const copied = [...dockerfile.matchAll(/^COPY (\S+)\/package\.json /gm)].map((match) => match[1]);
    const expected = workspace.packages.flatMap((pattern) => {
      if (!pattern.endsWith('/*')) return [pattern];
      const parent = pattern.slice(0, -2);
      return packagesUnder(parent);
    });
    expect(copied.sort()).toEqual(expected.sort());
  });
});

/** Folders under `parent` (relative to the repo) that hold a package.json. */
function packagesUnder(parent: string): string[] {
  return readdirSync(`${REPO_ROOT}${parent}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(`${REPO_ROOT}${parent}/${entry.name}/package.json`))
    .map((entry) => `${parent}/${entry.name}`);
}
