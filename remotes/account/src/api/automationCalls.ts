import type { MessageKey } from '@app/i18n';

/** The customer automation API (spec 001 §7), as the integration guide documents it. */
export interface AutomationCall {
  id: 'generate' | 'edit' | 'upscale' | 'status' | 'balance';
  method: 'GET' | 'POST';
  path: string;
  title: MessageKey;
  description: MessageKey;
  /** The JSON body of the example request (POST only). */
  body?: { input: Record<string, unknown> };
}

/** The placeholder curl examples carry; tokens are never put into examples. */
export const TOKEN_PLACEHOLDER = 'YOUR_API_TOKEN';
export const TASK_ID_PLACEHOLDER = 'YOUR_TASK_ID';

export const AUTOMATION_CALLS: readonly AutomationCall[] = [
  {
    id: 'generate',
    method: 'POST',
    path: '/api/n8n/generate',
    title: 'account.endpointGenerate',
    description: 'account.endpointGenerateBody',
    body: {
      input: {
        prompt: 'A cozy wooden cabin in a snowy forest at dusk, warm light in the windows',
        image_size: '16:9',
        output_format: 'png',
      },
    },
  },
  {
    id: 'edit',
    method: 'POST',
    path: '/api/n8n/edit-image',
    title: 'account.endpointEdit',
    description: 'account.endpointEditBody',
    body: {
      input: {
        prompt: 'Put the person from the first photo on the beach from the second photo',
        image_urls: ['https://example.com/person.jpg', 'https://example.com/beach.jpg'],
        image_size: 'auto',
        output_format: 'png',
      },
    },
  },
  {
    id: 'upscale',
    method: 'POST',
    path: '/api/n8n/upscale',
    title: 'account.endpointUpscale',
    description: 'account.endpointUpscaleBody',
    body: { input: { image_url: 'https://example.com/photo.png', scale_ratio: 2, face_enhancement: false } },
  },
  {
    id: 'status',
    method: 'GET',
    path: `/api/n8n/image-status/${TASK_ID_PLACEHOLDER}`,
    title: 'account.endpointStatus',
    description: 'account.endpointStatusBody',
  },
  {
    id: 'balance',
    method: 'GET',
    path: '/api/n8n/balance',
    title: 'account.endpointBalance',
    description: 'account.endpointBalanceBody',
  },
];

/** What a submission answers (spec 001 §7), as an example. */
export const SUBMIT_RESPONSE_EXAMPLE = {
  success: true,
  taskId: 'task_8f3b2c1d',
  creditsUsed: 4,
  remainingCredits: 96,
  type: 'text_to_image',
};

/** What a completed status poll answers, as an example. */
export const STATUS_RESPONSE_EXAMPLE = {
  success: true,
  status: 'completed',
  imageUrl: 'https://example.com/files/task_8f3b2c1d.png',
  taskId: 'task_8f3b2c1d',
  prompt: 'A cozy wooden cabin in a snowy forest at dusk, warm light in the windows',
  aspectRatio: '16:9',
  creditsUsed: 4,
};

/**
 * A copy-ready curl command for `call` against `origin`. The JSON body is single-quoted for the shell,
 * so example texts must not contain a single quote (checked by the tests).
 */
export function curlExample(call: AutomationCall, origin: string): string {
  const lines = [`curl -X ${call.method} '${origin}${call.path}'`, `  -H 'Authorization: Bearer ${TOKEN_PLACEHOLDER}'`];
  if (call.body) {
    const json = JSON.stringify(call.body, null, 2).replaceAll('\n', '\n  ');
    lines.push(`  -H 'Content-Type: application/json'`, `  -d '${json}'`);
  }
  return lines.join(' \\\n');
}
