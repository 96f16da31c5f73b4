// The MCP server for AI agents (`/mcp`): the automation API's tools over Streamable HTTP, same tokens and credits.
export { MCP_PATH, registerMcp } from './transport.ts';
