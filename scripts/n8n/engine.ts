// Runs an exported n8n workflow in this process with n8n's own engine (n8n-workflow, n8n-core and the nodes of
// n8n-nodes-base), so the shipped templates are executed by the code n8n runs, not by a re-implementation.
// What the n8n server adds around the engine is written here: node loading (installed community packages in
// community.ts), a credential store, and the waiting-webhook endpoint (`$execution.resumeUrl`) that resumes an
// execution parked by a Wait node.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { ExecutionLifecycleHooks, WebhookContext, WorkflowExecute } from 'n8n-core';
import {
  type IBinaryKeyData,
  type ICredentialDataDecryptedObject,
  ICredentialsHelper,
  type IDataObject,
  type IHttpRequestOptions,
  type INode,
  type INodeType,
  type INodeTypes,
  type IRun,
  type IRunExecutionData,
  type IVersionedNodeType,
  type IWebhookData,
  type IWorkflowBase,
  type IWorkflowExecuteAdditionalData,
  isNodeClassInstance,
  NodeHelpers,
  Workflow,
} from 'n8n-workflow';
import { communityCredential, communityNode } from './community.ts';

export { loadCommunityPackage } from './community.ts';

const require = createRequire(import.meta.url);
const NODES_BASE = require.resolve('n8n-nodes-base/package.json').replace(/package\.json$/, '');
const { n8n: manifest } = JSON.parse(readFileSync(`${NODES_BASE}package.json`, 'utf8')) as { n8n: { nodes: string[] } };

/** An exported workflow (Workflows > Download in n8n). */
export interface WorkflowJson {
  name: string;
  nodes: INode[];
  connections: IWorkflowBase['connections'];
  settings?: IWorkflowBase['settings'];
}

/** Credentials by type, as the user would enter them in n8n (e.g. `httpBearerAuth: { token }`). */
export type Credentials = Record<string, ICredentialDataDecryptedObject>;

export interface FinishedRun {
  status: IRun['status'];
  /** The items a node output on its last run. */
  output(nodeName: string): IDataObject[];
  /** The binary data of those items (n8n keeps it base64 in `data` without a binary data store). */
  binary(nodeName: string): (IBinaryKeyData | undefined)[];
  /** The error that stopped the execution, if any. */
  error: string | undefined;
  /** The line n8n shows under that error: for an API error, the answer's `message`. */
  errorDescription: string | undefined;
  /** That error's class (`NodeApiError`, `NodeOperationError`, ...), its HTTP status and the body it was made from. */
  errorDetails: { name: string; httpCode: string | undefined; response: unknown } | undefined;
  /** How often the execution was parked by a Wait node and resumed by a call to its resume URL. */
  resumed: number;
}

const nodeTypeCache = new Map<string, INodeType | IVersionedNodeType>();

/** `n8n-nodes-base.httpRequest` -> the node class listed in n8n-nodes-base's manifest (`.../HttpRequest.node.js`). */
function loadNodeType(type: string): INodeType | IVersionedNodeType {
  const cached = nodeTypeCache.get(type) ?? communityNode(type);
  if (cached) return cached;
  const [pkg, name = ''] = type.split('.');
  const file = `${name.charAt(0).toUpperCase()}${name.slice(1)}.node.js`;
  const path = manifest.nodes.find((entry) => entry.endsWith(`/${file}`));
  if (pkg !== 'n8n-nodes-base' || !path) throw new Error(`Unknown n8n node type ${type}`);
  const exported = require(`${NODES_BASE}${path}`) as Record<string, new () => INodeType | IVersionedNodeType>;
  const NodeClass = Object.values(exported)[0];
  if (!NodeClass) throw new Error(`${path} exports no node`);
  const nodeType = new NodeClass();
  nodeTypeCache.set(type, nodeType);
  return nodeType;
}

const nodeTypes: INodeTypes = {
  getByName: (type) => loadNodeType(type),
  getByNameAndVersion: (type, version) => NodeHelpers.getVersionedNodeType(loadNodeType(type), version),
  getKnownTypes: () => ({}),
};

/** `{{$credentials.token}}` in a credential type's declared headers, the way n8n's credentials helper fills them. */
export function fill(template: string, credentials: ICredentialDataDecryptedObject): string {
  return template.replace(/^=/, '').replace(/\{\{\s*\$credentials\.(\w+)\s*\}\}/g, (_, key: string) => String(credentials[key] ?? ''));
}

/** The credential store of an n8n instance with one credential per type. */
class CredentialsHelper extends ICredentialsHelper {
  readonly #credentials: Credentials;

  constructor(credentials: Credentials) {
    super();
    this.#credentials = credentials;
  }

  getParentTypes(): string[] {
    return [];
  }

  isCredentialUsableByNode(): boolean {
    return true;
  }

  /** Applies the credential type's `generic` authentication (headers and query), of a loaded package or n8n-nodes-base. */
  async authenticate(
    credentials: ICredentialDataDecryptedObject,
    typeName: string,
    options: IHttpRequestOptions,
  ): Promise<IHttpRequestOptions> {
    const declared = credentialAuthentication(typeName);
    if (declared?.type !== 'generic') throw new Error(`Credential type ${typeName} is not supported here`);
    const filled = (values: Record<string, string> = {}) =>
      Object.fromEntries(Object.entries(values).map(([key, value]) => [key, fill(value, credentials)]));
    return {
      ...options,
      headers: { ...options.headers, ...filled(declared.properties?.headers) },
      qs: { ...options.qs, ...filled(declared.properties?.qs) },
    };
  }

  async preAuthentication(): Promise<undefined> {
    return undefined;
  }

  async runPreAuthentication(): Promise<undefined> {
    return undefined;
  }

  async getCredentials(): Promise<never> {
    throw new Error('Raw credentials are not available here');
  }

  async getDecrypted(
    _data: IWorkflowExecuteAdditionalData,
    details: { name: string },
    type: string,
  ): Promise<ICredentialDataDecryptedObject> {
    const found = this.#credentials[type];
    if (!found) throw new Error(`No ${type} credential (the node asks for "${details.name}")`);
    return found;
  }

  async updateCredentials(): Promise<void> {}

  async updateCredentialsOauthTokenData(): Promise<void> {}

  getCredentialsProperties(): [] {
    return [];
  }
}

type GenericAuthentication = { type?: string; properties?: Record<string, Record<string, string>> } | undefined;

function credentialAuthentication(typeName: string): GenericAuthentication {
  const community = communityCredential(typeName);
  if (community) return community.authenticate as GenericAuthentication;
  const file = `${typeName.charAt(0).toUpperCase()}${typeName.slice(1)}.credentials.js`;
  const exported = require(`${NODES_BASE}dist/credentials/${file}`) as Record<string, new () => { authenticate?: unknown }>;
  const CredentialClass = Object.values(exported)[0];
  return CredentialClass && (new CredentialClass().authenticate as GenericAuthentication);
}

interface Parked {
  workflow: Workflow;
  additionalData: IWorkflowExecuteAdditionalData;
  data: IRunExecutionData;
  resumed: number;
  settle: (run: IRun, resumed: number) => void;
  fail: (error: unknown) => void;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return raw ? JSON.parse(raw) : {};
}

/** An n8n instance: runs workflows and listens at `webhookWaitingBaseUrl` for the calls that resume them. */
export class N8nHost {
  readonly #server: Server;
  readonly #parked = new Map<string, Parked>();
  /** Calls to the resume URLs, as the receiving n8n saw them. */
  readonly resumeCalls: { method: string; url: string; headers: IncomingMessage['headers']; body: unknown }[] = [];

  private constructor(server: Server) {
    this.#server = server;
  }

  static async start(): Promise<N8nHost> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const host = new N8nHost(server);
    server.on('request', (req, res) => {
      host.#resume(req, res).then(
        ({ status, body }) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
        (error: unknown) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: String(error) })),
      );
    });
    return host;
  }

  /** `host:port` of the resume endpoint. */
  get address(): string {
    const { port } = this.#server.address() as AddressInfo;
    return `127.0.0.1:${port}`;
  }

  get #baseUrl(): string {
    return `http://${this.address}`;
  }

  /** Runs `json` from its manual trigger until it ends, including any waits resumed by calls to its resume URL. */
  run(json: WorkflowJson, credentials: Credentials): Promise<FinishedRun> {
    const executionId = randomUUID();
    const workflow = new Workflow({
      id: randomUUID(),
      name: json.name,
      nodes: json.nodes,
      connections: json.connections,
      active: false,
      nodeTypes,
      ...(json.settings && { settings: json.settings }),
    });
    const additionalData = this.#additionalData(executionId, json, credentials);
    const start = workflow.getStartNode();
    if (!start) throw new Error(`${json.name} has no start node`);
    return new Promise<FinishedRun>((resolve, reject) => {
      const settle = (run: IRun, resumed: number) => {
        if (run.waitTill) {
          this.#parked.set(executionId, { workflow, additionalData, data: run.data, resumed, settle, fail: reject });
          return;
        }
        resolve(finished(run, resumed));
      };
      new WorkflowExecute(additionalData, 'manual').run({ workflow, startNode: start }).then((run) => settle(run, 0), reject);
    });
  }

  /**
   * What n8n's waiting-webhooks endpoint does: check the resume token, let the Wait node's webhook turn the
   * request into items, and continue the execution from there with the Wait node passing them on.
   */
  async #resume(req: IncomingMessage, res: ServerResponse): Promise<{ status: number; body: unknown }> {
    const url = new URL(req.url ?? '/', this.#baseUrl);
    const body = await readJson(req);
    this.resumeCalls.push({ method: req.method ?? '', url: url.toString(), headers: req.headers, body });
    const executionId = /^\/webhook-waiting\/([^/]+)$/.exec(url.pathname)?.[1] ?? '';
    const parked = this.#parked.get(executionId);
    if (!parked) return { status: 404, body: { message: 'No execution is waiting here' } };
    const { workflow, data } = parked;
    if (url.searchParams.get('signature') !== data.resumeToken) return { status: 401, body: { message: 'Invalid token' } };
    const waitNode = workflow.getNode(data.resultData.lastNodeExecuted ?? '');
    if (!waitNode) throw new Error('The waiting node is gone');
    if ((waitNode.parameters.httpMethod ?? 'GET') !== req.method) return { status: 404, body: { message: 'Wrong method' } };
    const nodeType = nodeTypes.getByNameAndVersion(waitNode.type, waitNode.typeVersion);
    const webhookDescription = nodeType.description.webhooks?.find((hook) => hook.restartWebhook && hook.nodeType !== 'form');
    if (!webhookDescription || !nodeType.webhook) throw new Error(`${waitNode.type} cannot be resumed by a webhook`);

    this.#parked.delete(executionId);
    const request = Object.assign(req, {
      body,
      query: Object.fromEntries(url.searchParams),
      params: {},
      contentType: 'application/json',
      ips: [],
      ip: '127.0.0.1',
    });
    const additionalData = { ...parked.additionalData, httpRequest: request, httpResponse: res } as IWorkflowExecuteAdditionalData;
    const webhookData: IWebhookData = {
      httpMethod: 'POST',
      node: waitNode.name,
      path: '',
      webhookDescription,
      workflowId: workflow.id,
      workflowExecuteAdditionalData: additionalData,
    };
    const context = new WebhookContext(workflow, waitNode, additionalData, 'manual', webhookData, [], data);
    // Class-based nodes (the Wait node) take the context as an argument, older ones as `this`.
    const answer = isNodeClassInstance(nodeType) ? await nodeType.webhook!(context) : await nodeType.webhook.call(context);
    if (!answer.workflowData) return { status: 200, body: { message: 'Ignored' } };

    // As n8n does: drop the Wait node's parked run, and let it pass the webhook's items on without waiting again.
    data.waitTill = undefined;
    data.resultData.runData[waitNode.name]?.pop();
    const [next] = data.executionData?.nodeExecutionStack ?? [];
    if (!next) throw new Error('Nothing to resume');
    next.node.disabled = true;
    next.data.main = answer.workflowData;
    const resumed = parked.resumed + 1;
    new WorkflowExecute(parked.additionalData, 'manual', data)
      .processRunExecutionData(workflow)
      .then((run) => parked.settle(run, resumed), parked.fail);
    return { status: 200, body: { message: 'Workflow was started' } };
  }

  #additionalData(executionId: string, json: WorkflowJson, credentials: Credentials): IWorkflowExecuteAdditionalData {
    const base = this.#baseUrl;
    const unsupported = async () => {
      throw new Error('Not available when running a template in tests');
    };
    return {
      credentialsHelper: new CredentialsHelper(credentials),
      executeWorkflow: unsupported,
      getRunExecutionData: async () => undefined,
      getRuntimeCredential: async () => undefined,
      startRunnerTask: unsupported,
      logAiEvent: () => {},
      executionId,
      currentNodeExecutionIndex: 0,
      variables: {},
      restApiUrl: `${base}/rest`,
      instanceBaseUrl: `${base}/`,
      formBaseUrl: `${base}/form`,
      formWaitingBaseUrl: `${base}/form-waiting`,
      formTestBaseUrl: `${base}/form-test`,
      webhookBaseUrl: `${base}/webhook`,
      webhookWaitingBaseUrl: `${base}/webhook-waiting`,
      webhookTestBaseUrl: `${base}/webhook-test`,
      mcpBaseUrl: `${base}/mcp`,
      mcpTestBaseUrl: `${base}/mcp-test`,
      hooks: new ExecutionLifecycleHooks('manual', executionId, { ...json, id: executionId, active: false } as unknown as IWorkflowBase),
      // What templates never reach (external secrets, sub-workflows, AI tooling) is left out.
    } as unknown as IWorkflowExecuteAdditionalData;
  }

  /** Stops listening; executions still parked are dropped. */
  async close(): Promise<void> {
    this.#parked.clear();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

function lastItems(run: IRun, nodeName: string) {
  const runs = run.data.resultData.runData[nodeName] ?? [];
  return runs.at(-1)?.data?.main?.[0] ?? [];
}

function errorDetails(error: IRun['data']['resultData']['error']): FinishedRun['errorDetails'] {
  if (!error) return undefined;
  const { httpCode } = error as { httpCode?: string | null };
  return { name: error.name, httpCode: httpCode ?? undefined, response: error.errorResponse };
}

function finished(run: IRun, resumed: number): FinishedRun {
  return {
    status: run.status,
    resumed,
    error: run.data.resultData.error?.message,
    errorDescription: run.data.resultData.error?.description ?? undefined,
    errorDetails: errorDetails(run.data.resultData.error),
    output: (nodeName) => lastItems(run, nodeName).map((item) => item.json),
    binary: (nodeName) => lastItems(run, nodeName).map((item) => item.binary),
  };
}
