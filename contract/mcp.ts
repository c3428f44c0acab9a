/**
 * Herald's MCP server (server/modules/mcp): where assistants reach it and how they are configured.
 * No schemas here: the web's API Tokens page and the README's snippets read these at runtime.
 */

/** Streamable HTTP, on the running server; a personal API token as the bearer. */
export const MCP_PATH = '/api/mcp';
/** The name the snippets give the server in a client's configuration. */
export const MCP_SERVER_NAME = 'herald';
/** `herald mcp` (stdio) reads the token from this variable... */
export const MCP_TOKEN_ENV = 'HERALD_TOKEN';
/** ...and the address of the running Herald from this one (default: PUBLIC_URL, else http://localhost:$PORT). */
export const MCP_URL_ENV = 'HERALD_URL';

/** The MCP address of the Herald at `origin` (e.g. https://herald.example.com). */
export const mcpUrl = (origin: string) => `${origin.replace(/\/+$/, '')}${MCP_PATH}`;

const TOKEN_PLACEHOLDER = 'hrld_…';

/** A client that speaks Streamable HTTP (Claude Code, Cursor, VS Code, ChatGPT connectors...): the address and the bearer token. */
export function mcpHttpSnippet(origin: string, token = TOKEN_PLACEHOLDER): string {
  return JSON.stringify({ mcpServers: { [MCP_SERVER_NAME]: { type: 'http', url: mcpUrl(origin), headers: { Authorization: `Bearer ${token}` } } } }, null, 2);
}

/** A desktop assistant that starts servers over stdio (Claude Desktop...): `herald mcp` from the Herald folder, the token in the environment. */
export function mcpStdioSnippet(origin: string, token = TOKEN_PLACEHOLDER, heraldFolder = '/path/to/herald'): string {
  return JSON.stringify(
    { mcpServers: { [MCP_SERVER_NAME]: { command: 'node', args: [`${heraldFolder.replace(/\/+$/, '')}/bin/herald.js`, 'mcp'], env: { [MCP_TOKEN_ENV]: token, [MCP_URL_ENV]: origin.replace(/\/+$/, '') } } } },
    null,
    2,
  );
}

/** Claude Code's one line for the HTTP transport. */
export const mcpClaudeCodeCommand = (origin: string, token = TOKEN_PLACEHOLDER) => `claude mcp add --transport http ${MCP_SERVER_NAME} ${mcpUrl(origin)} --header "Authorization: Bearer ${token}"`;

/** Errors an MCP client sees on the transport (before any tool runs), in the API's words. */
export const MCP_MESSAGES = {
  tokenRequired: `The MCP server takes a personal API token (My Profile → API Tokens) as the bearer token.`,
  statelessOnly: 'This MCP server answers POST requests only: each request stands alone, no session or event stream is kept.',
  unexpected: 'An unexpected error occurred.',
  unavailable: 'Herald cannot reach its database right now. Please try again in a moment.',
  invalidArguments: 'Some arguments are missing or invalid.',
} as const;
