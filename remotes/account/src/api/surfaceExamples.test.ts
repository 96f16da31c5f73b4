import { describe, expect, it } from 'vitest';
import { TOKEN_PLACEHOLDER } from './automationCalls.ts';
import { mcpConfigExample, openaiCurlExample, openaiSdkExample } from './surfaceExamples.ts';

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
