// Checks real responses against openapi/openapi.json: the status must be declared and the body must match.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { OPENAPI_FILE } from '../src/http/docs.ts';

interface MediaType {
  schema?: object;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId?: string;
  responses: Record<string, ResponseObject>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
}

export interface ObservedResponse {
  method: string;
  /** Request path, query string allowed. */
  path: string;
  status: number;
  contentType: string | null;
  /** Raw body text. */
  text: string;
}

/** Thrown when a response breaks the contract. */
export class ContractViolation extends Error {
  override name = 'ContractViolation';
}

interface Matcher {
  template: string;
  regex: RegExp;
  params: number;
  operations: Record<string, Operation>;
}

function toMatcher(template: string, operations: Record<string, Operation>): Matcher {
  const literal = (part: string) => part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
  const pattern = template
    .split(/\{[^}]+\}/)
    .map(literal)
    .join('[^/]+');
  return { template, regex: new RegExp(`^${pattern}$`), params: (template.match(/\{/g) ?? []).length, operations };
}

export class OpenApiValidator {
  readonly #doc: OpenApiDocument;
  readonly #matchers: Matcher[];
  readonly #ajv = new Ajv2020({ allErrors: true, strict: false });
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(doc: OpenApiDocument) {
    this.#doc = doc;
    addFormats.default(this.#ajv);
    // Literal paths win over templated ones (`/x/stats` before `/x/{id}`).
    this.#matchers = Object.entries(doc.paths)
      .map(([template, ops]) => toMatcher(template, ops))
      .sort((a, b) => a.params - b.params);
  }

  /** The operation a request hits, if the spec has one. */
  findOperation(method: string, path: string): { template: string; operation: Operation } | undefined {
    const pathname = path.split('?')[0] ?? path;
    const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    for (const matcher of this.#matchers) {
      const operation = matcher.operations[verb];
      if (operation && matcher.regex.test(pathname)) return { template: matcher.template, operation };
    }
    return undefined;
  }

  /** Compiles a schema with every component reachable as `#/$defs/<Name>`. */
  #validator(key: string, schema: object): ValidateFunction {
    let validate = this.#compiled.get(key);
    if (!validate) {
      const rewrite = (value: object) => JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/$defs/'));
      validate = this.#ajv.compile({ ...rewrite(schema), $defs: rewrite(this.#doc.components.schemas) });
      this.#compiled.set(key, validate);
    }
    return validate;
  }

  #checkJson(key: string, schema: object, text: string, what: string): void {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new ContractViolation(`${what}: body is not JSON: ${text.slice(0, 200)}`);
    }
    const validate = this.#validator(key, schema);
    if (!validate(data)) {
      throw new ContractViolation(`${what}: body does not match the spec: ${this.#ajv.errorsText(validate.errors)}\n${text.slice(0, 500)}`);
    }
  }

  /**
   * Throws `ContractViolation` unless the response is one the spec declares for this operation.
   * Paths outside the spec (docs, static files, unknown routes) are only checked when they answer with a problem.
   */
  validate(response: ObservedResponse): void {
    const mediaType = (response.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const found = this.findOperation(response.method, response.path);
    const what = `${response.method} ${response.path} -> ${response.status}`;
    if (!found) {
      if (mediaType === 'application/problem+json')
        this.#checkJson('Problem', { $ref: '#/components/schemas/Problem' }, response.text, what);
      return;
    }
    const declared = found.operation.responses[String(response.status)];
    if (!declared) {
      const statuses = Object.keys(found.operation.responses).join(', ');
      throw new ContractViolation(
        `${what}: status not declared for ${found.operation.operationId} (declared: ${statuses})\n${response.text.slice(0, 500)}`,
      );
    }
    if (!declared.content) {
      if (response.text !== '' && response.method.toUpperCase() !== 'HEAD')
        throw new ContractViolation(`${what}: the spec declares no body`);
      return;
    }
    if (response.method.toUpperCase() === 'HEAD') return;
    // A declared media range (`image/*`) covers the concrete types it names.
    const media = declared.content[mediaType] ?? declared.content[`${mediaType.split('/')[0]}/*`];
    if (!media)
      throw new ContractViolation(
        `${what}: content type ${mediaType || '(none)'} not declared (${Object.keys(declared.content).join(', ')})`,
      );
    if (media.schema && /json/.test(mediaType)) {
      this.#checkJson(`${found.template} ${response.method} ${response.status} ${mediaType}`, media.schema, response.text, what);
    }
  }
}

let shared: OpenApiValidator | undefined;

/** The validator for the committed spec, loaded once per test file. */
export function openApiValidator(): OpenApiValidator {
  shared ??= new OpenApiValidator(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')) as OpenApiDocument);
  return shared;
}
