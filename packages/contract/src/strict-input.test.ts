// Every request body and query the contract declares is closed (undeclared fields and parameters are refused), in
// the schemas the server validates with and in the spec; the only open ones are the provider-owned payloads below.
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from './document.ts';
import { defineRoute, type RouteDef } from './route.ts';
import { allRoutes } from './routes.ts';
import { isOpenObject } from './strict-input.ts';
import { z } from './zod.ts';

/** Inputs a provider owns and extends at will: refusing its new fields would drop its events. */
const PROVIDER_OWNED: Record<string, { location: 'body' | 'query'; why: string }> = {
  receiveCreemWebhook: { location: 'body', why: "Creem's webhook event" },
  kieCallback: { location: 'body', why: "KIE's task callback" },
  completeGoogleAuth: { location: 'query', why: "Google's OAuth redirect (scope, authuser, prompt, hd, iss, ...)" },
  verifyCreemReturn: { location: 'query', why: "Creem's return redirect, whose signature covers every parameter" },
};

/** Objects inside our own bodies that the browser fills and extends: WebAuthn adds extension outputs at will. */
const BROWSER_OWNED: Record<string, string> = {
  'registerPasskey body.response.clientExtensionResults': 'WebAuthn extension outputs (credProps and any later one)',
};

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;
const CHILDREN = ['innerType', 'element', 'valueType', 'in', 'left', 'right', 'options', 'items', 'rest'];

/** Every object schema a request value can meet, with where it is, stopping at open objects (their subtree is the provider's). */
function objectsOf(schema: z.ZodType, at: string, found: Array<{ at: string; schema: z.ZodType }> = []) {
  const def = defOf(schema);
  if (def.type === 'object') {
    found.push({ at, schema });
    if (isOpenObject(schema)) return found;
    for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) objectsOf(value, `${at}.${key}`, found);
  } else if (def.type === 'lazy') {
    objectsOf((def.getter as () => z.ZodType)(), at, found);
  } else {
    for (const key of CHILDREN) {
      const child = def[key];
      for (const item of Array.isArray(child) ? child : [child]) {
        if (item && typeof item === 'object' && '_zod' in item) objectsOf(item as z.ZodType, at, found);
      }
    }
  }
  return found;
}

const isClosed = (schema: z.ZodType) => {
  const { catchall } = defOf(schema);
  return catchall !== undefined && defOf(catchall as z.ZodType).type === 'never';
};

const inputs = allRoutes.flatMap((route: RouteDef) =>
  (['body', 'query'] as const).flatMap((location) => {
    const schema = route.request?.[location];
    return schema ? [{ route, location, schema }] : [];
  }),
);

describe('request inputs are closed', () => {
  it('every object of every request body and query is strict, except the provider-owned payloads', () => {
    const open: string[] = [];
    for (const { route, location, schema } of inputs) {
      for (const object of objectsOf(schema, `${route.operationId} ${location}`)) {
        if (isOpenObject(object.schema)) open.push(object.at);
        else expect(isClosed(object.schema), object.at).toBe(true);
      }
    }
    expect(open.sort()).toEqual(
      [
        ...Object.entries(PROVIDER_OWNED).map(([operationId, { location }]) => `${operationId} ${location}`),
        ...Object.keys(BROWSER_OWNED),
      ].sort(),
    );
    expect(inputs.length).toBeGreaterThan(25);
  });

  it('is the default: a new route written with z.object gets strict inputs, nested ones included', () => {
    const route = defineRoute({
      method: 'post',
      path: '/api/new-thing',
      operationId: 'newThing',
      summary: 'A route added later',
      tags: ['Test'],
      role: 'user',
      request: {
        body: z.object({
          name: z.string(),
          options: z.object({ size: z.number() }).optional(),
          list: z.array(z.object({ a: z.string() })),
        }),
        query: z.object({ page: z.coerce.number().optional() }),
      },
      responses: { 204: { description: 'Done.' } },
    });
    const body = route.request.body;
    expect(body.safeParse({ name: 'x', list: [] }).success).toBe(true);
    const refused = body.safeParse({ name: 'x', extra: 1, options: { size: 1, n: 2 }, list: [{ a: 'y', b: 1 }] });
    expect(refused.error?.issues.map((issue) => [issue.code, issue.path.join('.'), 'keys' in issue ? issue.keys : []])).toEqual([
      ['unrecognized_keys', 'options', ['n']],
      ['unrecognized_keys', 'list.0', ['b']],
      ['unrecognized_keys', '', ['extra']],
    ]);
    expect(route.request.query.safeParse({ q: 'fox' }).success).toBe(false);
  });

  it('keeps names, descriptions, refinements and defaults of the schemas it closes', () => {
    const Named = z
      .object({ size: z.number().default(2).describe('How big.') })
      .refine((value) => value.size < 10, { message: 'Too big', path: ['size'] })
      .describe('A named body.');
    const route = defineRoute({
      method: 'post',
      path: '/api/named',
      operationId: 'named',
      summary: 'Named',
      tags: ['Test'],
      role: 'user',
      request: { body: Named },
      responses: { 204: { description: 'Done.' } },
    });
    expect(route.request.body.parse({})).toEqual({ size: 2 });
    expect(route.request.body.safeParse({ size: 11 }).error?.issues[0]?.message).toBe('Too big');
    expect(route.request.body.description).toBe('A named body.');
  });
});

describe('the spec says so', () => {
  const document = buildOpenApiDocument() as unknown as {
    paths: Record<string, Record<string, { operationId: string; requestBody?: { content: Record<string, { schema: object }> } }>>;
    components: { schemas: Record<string, object> };
  };

  /** Every object schema under a JSON schema, following `$ref`s into components once. */
  function objectSchemas(schema: Record<string, unknown>, seen = new Set<unknown>()): Array<Record<string, unknown>> {
    if (seen.has(schema)) return [];
    seen.add(schema);
    const ref = typeof schema.$ref === 'string' ? document.components.schemas[schema.$ref.split('/').pop() ?? ''] : undefined;
    if (ref) return objectSchemas(ref as Record<string, unknown>, seen);
    const found = schema.type === 'object' || schema.properties ? [schema] : [];
    if (schema.additionalProperties === true || (schema.additionalProperties && typeof schema.additionalProperties === 'object'))
      return found;
    const children = [
      ...Object.values((schema.properties as Record<string, unknown>) ?? {}),
      schema.items,
      ...(['anyOf', 'oneOf', 'allOf'] as const).flatMap((key) => (schema[key] as unknown[]) ?? []),
    ];
    return [
      ...found,
      ...children
        .filter((child) => child && typeof child === 'object')
        .flatMap((child) => objectSchemas(child as Record<string, unknown>, seen)),
    ];
  }

  it('declares additionalProperties: false on every object of every JSON request body but the providers', () => {
    const checked: string[] = [];
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations)) {
        const schema = operation.requestBody?.content['application/json']?.schema;
        if (!schema) continue;
        const owned = PROVIDER_OWNED[operation.operationId]?.location === 'body';
        const objects = objectSchemas(schema as Record<string, unknown>);
        if (owned) {
          for (const object of objects) expect(object.additionalProperties, operation.operationId).not.toBe(false);
        } else {
          const browserOwned = Object.keys(BROWSER_OWNED).filter((at) => at.startsWith(`${operation.operationId} body.`));
          const open = objects.filter((object) => object.additionalProperties !== false);
          expect(open.length, operation.operationId).toBe(browserOwned.length);
        }
        checked.push(operation.operationId);
      }
    }
    expect(checked).toContain('automationGenerate');
  });

  it('keeps the component names and texts of the bodies it closed', () => {
    expect(document.components.schemas.AutomationGenerateBody).toMatchObject({
      description: 'Text to image.',
      additionalProperties: false,
    });
    expect(document.components.schemas.KieCallbackBody).not.toHaveProperty('additionalProperties', false);
  });
});
