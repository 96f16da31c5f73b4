// The emitted spec (what integrators and Spectral read) declares every route's budget: the quota fields on each 2xx
// and 4xx answer, and a 429 with Retry-After.
import { readFile } from 'node:fs/promises';
import { allRoutes } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { OPENAPI_FILE } from '../src/http/docs.ts';

type Headers = Record<string, { $ref?: string }>;
const spec = JSON.parse(await readFile(OPENAPI_FILE, 'utf8')) as {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, { headers?: Headers }> }>>;
  components: { headers: Record<string, unknown> };
};
const operations = Object.values(spec.paths).flatMap((item) => Object.values(item));

describe('rate-limit headers in openapi/openapi.json', () => {
  it('holds every route of the contract', () => {
    expect(operations.length).toBe(allRoutes.length);
  });

  it.each(operations.map((operation) => [operation.operationId, operation] as const))('%s declares its budget', (_id, operation) => {
    const answers = Object.entries(operation.responses);
    const refused = operation.responses['429'];
    expect(refused?.headers?.['Retry-After']?.$ref).toBe('#/components/headers/Retry-After');
    for (const [status, response] of answers.filter(([status]) => /^[24]/.test(status))) {
      expect(response.headers?.RateLimit?.$ref, status).toBe('#/components/headers/RateLimit');
      expect(response.headers?.['RateLimit-Policy']?.$ref, status).toBe('#/components/headers/RateLimit-Policy');
    }
  });

  it('defines the referenced headers', () => {
    for (const name of ['RateLimit', 'RateLimit-Policy', 'Retry-After']) expect(spec.components.headers[name], name).toBeDefined();
  });
});
