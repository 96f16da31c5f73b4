// `/mcp`: the MCP server over Streamable HTTP, stateless (a new server and transport per request, so any web process
// of a cluster answers), behind the same bearer tokens as the automation API.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { forbidden, HttpProblem, methodNotAllowed } from '../../errors.ts';
import type { AppRouter } from '../../http/bind.ts';
import type { AppContext } from '../../http/context.ts';
import { appOrigin } from '../../http/origin.ts';
import { limitPerToken } from '../automation/index.ts';
import { registerTools } from './tools.ts';

export const MCP_PATH = '/mcp';

/** 401 that tells an MCP client which scheme to use (RFC 6750). */
const tokenRequired = () =>
  new HttpProblem({
    status: 401,
    code: 'unauthorized',
    title: 'Authentication required',
    detail: 'A valid API token is required (Authorization: Bearer nbk_...).',
    headers: { 'WWW-Authenticate': 'Bearer realm="mcp", error="invalid_token"' },
  });

/**
 * The transport rules ask servers to check `Origin` against DNS rebinding: a browser page may call only from this
 * server's own origin or an allowed CORS origin. Clients that are not browsers send none.
 */
function checkOrigin(ctx: AppContext): void {
  const origin = ctx.get('Origin');
  if (!origin) return;
  const allowed = new Set([appOrigin(ctx), `${ctx.protocol}://${ctx.host}`, ...ctx.services.config.corsOrigins]);
  if (!allowed.has(origin)) throw forbidden('This Origin may not call the MCP server.');
}

/** Adds `POST /mcp` (GET and DELETE are 405: a stateless server has no stream to resume and no session to end). */
export function registerMcp(router: AppRouter): void {
  router.post(MCP_PATH, async (ctx) => {
    checkOrigin(ctx);
    const caller = ctx.state.tokenUser;
    if (!caller?.isActive) throw tokenRequired();
    await limitPerToken(ctx, { ...caller, isActive: true });
    const server = new McpServer({ name: 'nano-banana-studio', version: '1.0.0' }, { capabilities: { tools: {} } });
    registerTools(server, ctx, { ...caller, isActive: true });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    ctx.res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    // The transport writes the answer (JSON or an event stream) itself.
    ctx.respond = false;
    await transport.handleRequest(ctx.req, ctx.res, ctx.request.body);
  });
  const refuse = () => {
    throw methodNotAllowed(['POST']);
  };
  router.get(MCP_PATH, refuse);
  router.delete(MCP_PATH, refuse);
}
