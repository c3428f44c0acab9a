import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { isJSONRPCRequest, isJSONRPCResultResponse, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { API_TOKEN_PREFIX } from '../../../contract/api-tokens.js';
import { MCP_TOKEN_ENV, MCP_URL_ENV, mcpUrl } from '../../../contract/mcp.js';

/**
 * `herald mcp`: the MCP server over stdio for desktop assistants that start their servers as
 * processes. It relays each message to the running Herald's Streamable HTTP endpoint with the token
 * from HERALD_TOKEN, so a call over stdio is the very call over HTTP: the same token checks, scopes,
 * rate limit, audit and tools, on whichever database the server uses (an embedded one is held by
 * the running server and cannot be opened twice). stdout carries only the protocol; notices go to stderr.
 */
export async function runStdioRelay(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const token = env[MCP_TOKEN_ENV]?.trim();
  if (!token || !token.startsWith(API_TOKEN_PREFIX)) {
    process.stderr.write(`herald mcp: set ${MCP_TOKEN_ENV} to a personal API token (${API_TOKEN_PREFIX}…, made in My Profile → API Tokens).\n`);
    process.exit(2);
  }
  const origin = env[MCP_URL_ENV]?.trim() || env.PUBLIC_URL?.trim() || `http://localhost:${env.PORT?.trim() || 3000}`;
  let endpoint: URL;
  try {
    endpoint = new URL(mcpUrl(origin));
  } catch {
    process.stderr.write(`herald mcp: ${MCP_URL_ENV} must be Herald's address, e.g. http://localhost:3000 (got "${origin}").\n`);
    process.exit(2);
  }

  const upstream = new StreamableHTTPClientTransport(endpoint, { requestInit: { headers: { authorization: `Bearer ${token}` } } });
  const local = new StdioServerTransport();

  upstream.onmessage = (message) => {
    // The protocol version agreed at initialize goes on every later request, as a client would send it.
    if (isJSONRPCResultResponse(message) && typeof message.result.protocolVersion === 'string') upstream.setProtocolVersion(message.result.protocolVersion);
    void local.send(message);
  };
  upstream.onerror = (error) => process.stderr.write(`herald mcp: ${error.message}\n`);
  local.onmessage = (message: JSONRPCMessage) => {
    upstream.send(message).catch((error: unknown) => {
      // A refused request (revoked token 401, out of scope 403, rate limit 429, Herald not running)
      // is answered to the assistant in Herald's words.
      if (isJSONRPCRequest(message)) void local.send({ jsonrpc: '2.0', id: message.id, error: { code: -32000, message: refusal(error, origin) } });
      else process.stderr.write(`herald mcp: ${refusal(error, origin)}\n`);
    });
  };
  local.onclose = () => {
    void upstream.close().finally(() => process.exit(0));
  };
  await upstream.start();
  await local.start();
}

/** The server's `{error, code}` out of a refused POST, or what went wrong reaching it. */
function refusal(error: unknown, origin: string): string {
  if (error instanceof StreamableHTTPError) {
    const body = /\{.*\}/s.exec(error.message)?.[0];
    try {
      const parsed = JSON.parse(body ?? '') as { error?: string; code?: string };
      if (parsed.error) return `${parsed.error} (${parsed.code ?? error.code})`;
    } catch {
      // Not Herald's error body: fall through.
    }
    return `Herald at ${origin} answered HTTP ${error.code}.`;
  }
  const cause = (error as { cause?: { code?: string } })?.cause?.code;
  if (cause === 'ECONNREFUSED' || cause === 'ENOTFOUND') return `Herald is not reachable at ${origin}: start it (npm start) or set ${MCP_URL_ENV}.`;
  return error instanceof Error ? error.message : String(error);
}
