import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { N8N_TEMPLATES, type N8nWorkflow } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/index.ts';
import { TEMPLATE_ORIGIN, TEMPLATES_DIR } from './templates.ts';

interface Node {
  name: string;
  type: string;
  parameters: Record<string, unknown>;
}
type Connections = Record<string, { main: { node: string }[][] }>;

const read = (file: string) => JSON.parse(readFileSync(join(TEMPLATES_DIR, file), 'utf8')) as { nodes: Node[]; connections: Connections };
const byType = (nodes: Node[], type: string) => nodes.filter((node) => node.type === `n8n-nodes-base.${type}`);

describe('n8n templates', () => {
  it.each(N8N_TEMPLATES)('%s parses and every connection names an existing node', (file) => {
    const workflow = read(file);
    const names = new Set(workflow.nodes.map((node) => node.name));
    expect(names.size).toBe(workflow.nodes.length);
    for (const [from, outputs] of Object.entries(workflow.connections)) {
      expect(names.has(from), from).toBe(true);
      for (const target of outputs.main.flat()) expect(names.has(target.node), target.node).toBe(true);
    }
    const submit = byType(workflow.nodes, 'httpRequest')[0];
    expect(submit?.parameters).toMatchObject({
      method: 'POST',
      url: `${TEMPLATE_ORIGIN}/api/n8n/generate`,
      genericAuthType: 'httpBearerAuth',
    });
    expect(byType(workflow.nodes, 'set')[0]?.parameters).toMatchObject({
      assignments: { assignments: expect.arrayContaining([expect.objectContaining({ name: 'imageUrl' })]) },
    });
  });

  it('callback: sends the resume URL and waits for a POST on it', () => {
    const { nodes } = read('generate-callback.json');
    expect(String(byType(nodes, 'httpRequest')[0]?.parameters.jsonBody)).toContain('callbackUrl: $execution.resumeUrl');
    expect(byType(nodes, 'wait')[0]?.parameters).toMatchObject({ resume: 'webhook', httpMethod: 'POST' });
  });

  it('polling: waits 10 s, reads the status and loops back while processing', () => {
    const { nodes, connections } = read('generate-polling.json');
    expect(byType(nodes, 'wait')[0]?.parameters).toMatchObject({ amount: 10, unit: 'seconds' });
    expect(String(byType(nodes, 'httpRequest')[1]?.parameters.url)).toContain(`${TEMPLATE_ORIGIN}/api/n8n/image-status/`);
    const branches = connections['Completed or failed?']?.main.map((branch) => branch.map((target) => target.node));
    expect(branches).toEqual([['Image URL'], ['Wait 10 s']]);
  });

  describe('served by the API', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer();
    });
    afterAll(() => server?.close());

    it('downloads a template pointing at this server', async () => {
      const res = await server.request<N8nWorkflow>('GET', '/api/n8n/templates/generate-callback.json');
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="generate-callback.json"');
      expect(res.text).toContain(`${server.url}/api/n8n/generate`);
      expect(res.text).not.toContain(TEMPLATE_ORIGIN);
    });

    it('answers 400 for other names', async () => {
      expect((await server.request('GET', '/api/n8n/templates/secrets.json')).status).toBe(400);
    });
  });
});
