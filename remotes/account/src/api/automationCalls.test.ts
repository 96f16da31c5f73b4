import { IMAGE_SIZES, LIMITS } from '@app/contract/constants';
import { describe, expect, it } from 'vitest';
import { AUTOMATION_CALLS, curlExample, TOKEN_PLACEHOLDER } from './automationCalls.ts';

const ORIGIN = 'https://studio.example';
const call = (id: string) => AUTOMATION_CALLS.find((item) => item.id === id)!;

describe('automation API examples', () => {
  it('documents the four calls of the spec and the balance', () => {
    expect(AUTOMATION_CALLS.map((item) => `${item.method} ${item.path}`)).toEqual([
      'POST /api/n8n/generate',
      'POST /api/n8n/edit-image',
      'POST /api/n8n/upscale',
      'GET /api/n8n/image-status/YOUR_TASK_ID',
      'GET /api/n8n/balance',
    ]);
  });

  it('uses only the documented input fields and allowed values', () => {
    expect(Object.keys(call('generate').body!.input)).toEqual(['prompt', 'image_size', 'output_format']);
    expect(Object.keys(call('edit').body!.input)).toEqual(['prompt', 'image_urls', 'image_size', 'output_format']);
    expect(Object.keys(call('upscale').body!.input)).toEqual(['image_url', 'scale_ratio', 'face_enhancement']);
    for (const item of AUTOMATION_CALLS) {
      const size = item.body?.input.image_size;
      if (size !== undefined) expect(IMAGE_SIZES).toContain(size);
    }
    expect(LIMITS.scaleRatios).toContain(call('upscale').body!.input.scale_ratio);
    expect((call('edit').body!.input.image_urls as string[]).length).toBeLessThanOrEqual(LIMITS.maxReferenceImages);
  });

  it('builds a curl command with the origin, the bearer header and a JSON body the shell passes unchanged', () => {
    const command = curlExample(call('generate'), ORIGIN);
    expect(command.split(' \\\n')[0]).toBe(`curl -X POST '${ORIGIN}/api/n8n/generate'`);
    expect(command).toContain(`-H 'Authorization: Bearer ${TOKEN_PLACEHOLDER}'`);
    expect(command).toContain(`-H 'Content-Type: application/json'`);
    const body = command.slice(command.indexOf("-d '") + 4, -1);
    expect(JSON.parse(body)).toEqual(call('generate').body);
    for (const item of AUTOMATION_CALLS) expect(JSON.stringify(item.body ?? {})).not.toContain("'");
  });

  it('sends no body or content type for the status poll', () => {
    const command = curlExample(call('status'), ORIGIN);
    expect(command).toBe(`curl -X GET '${ORIGIN}/api/n8n/image-status/YOUR_TASK_ID' \\\n  -H 'Authorization: Bearer ${TOKEN_PLACEHOLDER}'`);
  });
});
