import { describe, expect, it } from 'vitest';
import { problemStatuses } from './document.ts';
import { IdempotencyHeaders, REPLAYED_HEADERS } from './idempotency.ts';
import { allRoutes } from './routes.ts';
import { z } from './zod.ts';

/** Every call that creates something or charges for it, web and automation alike. */
const CREATE_CALLS = [
  'automationEditImage',
  'automationGenerate',
  'automationUpscale',
  'createApiToken',
  'createBoard',
  'createCreemCheckout',
  'createPayPalOrder',
  'generateImage',
  'openaiEditImage',
  'openaiGenerateImage',
  'runImageTaskAgain',
  'uploadImages',
  'upscaleImage',
];

const takesKey = (headers: unknown) => headers instanceof z.ZodObject && 'idempotency-key' in headers.shape;

describe('Idempotency-Key in the contract', () => {
  it('is declared by every create call and no other', () => {
    const declared = allRoutes.filter((route) => takesKey(route.request?.headers)).map((route) => route.operationId);
    expect(declared.sort()).toEqual(CREATE_CALLS);
  });

  it.each(CREATE_CALLS)('%s: the shared header, 409 and 422 with their codes, and Idempotent-Replayed on every success', (operationId) => {
    const route = allRoutes.find((r) => r.operationId === operationId)!;
    const headers = route.request?.headers as z.ZodObject;
    expect(headers.shape['idempotency-key']).toBe(IdempotencyHeaders.shape['idempotency-key']);
    expect(problemStatuses(route)).toEqual(expect.arrayContaining([409, 422]));
    expect(route.problemExamples?.[409]?.map((e) => e.code)).toContain('idempotency_in_progress');
    expect(route.problemExamples?.[422]?.map((e) => e.code)).toContain('idempotency_key_reused');
    for (const response of Object.values(route.responses)) {
      expect(response.headers?.['Idempotent-Replayed' as never]).toEqual(REPLAYED_HEADERS['Idempotent-Replayed']);
    }
  });
});
