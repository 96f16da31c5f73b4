// Copy-ready examples for the other doors to the same account: OpenAI's images API under /v1, the MCP server, the n8n
// node and the TypeScript SDK.
import { TOKEN_PLACEHOLDER } from './automationCalls.ts';

/** The MCP tools, as the server lists them. */
export const MCP_TOOLS = [
  'generate_image',
  'edit_image',
  'upscale_image',
  'get_task',
  'list_recent_tasks',
  'get_balance',
  'get_prices',
] as const;

/** A curl call of `POST /v1/images/generations` with an Idempotency-Key, so a retried call is never charged twice. */
export function openaiCurlExample(origin: string): string {
  const body = JSON.stringify({ model: 'nano-banana', prompt: 'A red fox in snow', size: '1024x1024', response_format: 'url' }, null, 2);
  return [
    `curl -X POST '${origin}/v1/images/generations'`,
    `  -H 'Authorization: Bearer ${TOKEN_PLACEHOLDER}'`,
    `  -H 'Content-Type: application/json'`,
    `  -H 'Idempotency-Key: order-42'`,
    `  -d '${body.replaceAll('\n', '\n  ')}'`,
  ].join(' \\\n');
}

/** The official `openai` package pointed at this server. */
export function openaiSdkExample(origin: string): string {
  return [
    "import OpenAI from 'openai';",
    '',
    `const client = new OpenAI({ apiKey: '${TOKEN_PLACEHOLDER}', baseURL: '${origin}/v1' });`,
    'const image = await client.images.generate(',
    "  { model: 'nano-banana', prompt: 'A red fox in snow', size: '1536x1024' },",
    "  { headers: { 'Idempotency-Key': crypto.randomUUID() } },",
    ');',
    'const png = Buffer.from(image.data[0].b64_json, "base64");',
  ].join('\n');
}

/** An MCP client's configuration (the `mcpServers` form most clients read). */
export function mcpConfigExample(origin: string): string {
  const config = {
    mcpServers: {
      'nano-banana': { type: 'http', url: `${origin}/mcp`, headers: { Authorization: `Bearer ${TOKEN_PLACEHOLDER}` } },
    },
  };
  return JSON.stringify(config, null, 2);
}

/** Installing the n8n community node in a self-hosted n8n, from its packed tarball. */
export const N8N_NODE_INSTALL = ['cd ~/.n8n/nodes', 'npm install ./n8n-nodes-image-studio-0.1.0.tgz', '# then restart n8n'].join('\n');

/** The TypeScript SDK: one generate, waited for. */
export function sdkExample(origin: string): string {
  return [
    "import { createClient } from '@nano-banana/sdk';",
    '',
    `const client = createClient({ baseUrl: '${origin}', token: '${TOKEN_PLACEHOLDER}' });`,
    "const task = await client.run('generate', { input: { prompt: 'A red fox in snow', image_size: '1:1' } });",
    "if (task.status === 'completed') console.log(task.imageUrl);",
  ].join('\n');
}
