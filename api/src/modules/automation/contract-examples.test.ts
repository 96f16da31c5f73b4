import { readFileSync } from 'node:fs';
import {
  AutomationEditBody,
  AutomationGenerateBody,
  AutomationSubmitted,
  AutomationTaskStatus,
  AutomationUpscaleBody,
  automationRoutes,
  N8nWorkflow,
} from '@app/contract';
import { describe, expect, it } from 'vitest';

const spec = JSON.parse(readFileSync(new URL('../../../../openapi/openapi.json', import.meta.url), 'utf8'));
const schemas = {
  N8nWorkflow,
  AutomationGenerateBody,
  AutomationEditBody,
  AutomationUpscaleBody,
  AutomationSubmitted,
  AutomationTaskStatus,
};

/** Every `example` inside a JSON Schema, with where it was found. */
function examplesIn(node: unknown, path: string[] = []): { path: string; example: unknown; schema: unknown }[] {
  if (!node || typeof node !== 'object') return [];
  const own = 'example' in node ? [{ path: path.join('.'), example: (node as { example: unknown }).example, schema: node }] : [];
  return [...own, ...Object.entries(node).flatMap(([key, child]) => (key === 'example' ? [] : examplesIn(child, [...path, key])))];
}

describe('automation contract examples', () => {
  it.each(Object.entries(schemas))('the documented example of %s parses with its schema', (name, schema) => {
    const component = spec.components.schemas[name];
    expect(component?.example, `${name} has an example`).toBeDefined();
    expect(schema.safeParse(component.example).success).toBe(true);
  });

  it('documents every field with a description and an example', () => {
    for (const name of Object.keys(schemas)) {
      const props = spec.components.schemas[name].properties as Record<string, { description?: string; $ref?: string }>;
      // A field that is another component (`$ref`, which allows no siblings) is documented by that component.
      for (const [field, prop] of Object.entries(props)) {
        if (prop.$ref) expect(spec.components.schemas[prop.$ref.split('/').at(-1) ?? ''].description, `${name}.${field}`).toBeTruthy();
        else expect(prop.description, `${name}.${field}`).toBeTruthy();
      }
      expect(examplesIn(spec.components.schemas[name]).length).toBeGreaterThan(1);
    }
  });

  it('declares the routes under the Automation tag, the five calls with the token role', () => {
    expect(automationRoutes.map((r) => `${r.method.toUpperCase()} ${r.path}`)).toEqual([
      'POST /api/n8n/generate',
      'POST /api/n8n/edit-image',
      'POST /api/n8n/upscale',
      'GET /api/n8n/image-status/{taskId}',
      'GET /api/n8n/balance',
      'GET /api/n8n/templates/{file}',
    ]);
    for (const route of automationRoutes) {
      expect(route.role).toBe(route.operationId === 'n8nTemplate' ? 'anonymous' : 'token');
      expect(spec.paths[route.path][route.method].tags).toEqual(['Automation']);
    }
  });
});
