import { describe, expect, it } from 'vitest';
import { TOKEN_PLACEHOLDER } from './automationCalls.ts';
import { mcpConfigExample, N8N_NODE_INSTALL, openaiCurlExample, openaiSdkExample, sdkExample } from './surfaceExamples.ts';

const ORIGIN = 'https://studio.example';

describe('OpenAI and MCP examples', () => {
  it('calls /v1 with the token, an Idempotency-Key and a JSON body the shell passes unchanged', () => {
    const command = openaiCurlExample(ORIGIN);
    expect(command.split(' \\\n')[0]).toBe(`curl -X POST '${ORIGIN}/v1/images/generations'`);
    expect(command).toContain(`-H 'Authorization: Bearer ${TOKEN_PLACEHOLDER}'`);
    expect(command).toContain("-H 'Idempotency-Key: ");
    expect(JSON.parse(command.slice(command.indexOf("-d '") + 4, -1))).toMatchObject({ size: '1024x1024', response_format: 'url' });
  });

  it('points the SDK at /v1 and an MCP client at /mcp with the bearer token', () => {
    expect(openaiSdkExample(ORIGIN)).toContain(`baseURL: '${ORIGIN}/v1'`);
    const config = JSON.parse(mcpConfigExample(ORIGIN));
    expect(config.mcpServers['nano-banana']).toEqual({
      type: 'http',
      url: `${ORIGIN}/mcp`,
      headers: { Authorization: `Bearer ${TOKEN_PLACEHOLDER}` },
    });
  });
});

describe('n8n node and SDK examples', () => {
  it('installs the packed node where n8n looks for community nodes, and points the SDK at this origin', () => {
    expect(N8N_NODE_INSTALL).toContain('cd ~/.n8n/nodes');
    expect(N8N_NODE_INSTALL).toMatch(/npm install \.\/n8n-nodes-image-studio-[\d.]+\.tgz/);
    expect(sdkExample(ORIGIN)).toContain(`baseUrl: '${ORIGIN}'`);
    expect(sdkExample(ORIGIN)).toContain(`token: '${TOKEN_PLACEHOLDER}'`);
  });
});
