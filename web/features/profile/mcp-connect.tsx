import { useState } from 'react';
import { MCP_TOKEN_ENV, mcpClaudeCodeCommand, mcpHttpSnippet, mcpStdioSnippet, mcpUrl } from '../../../contract/mcp';
import { CopyButton } from '../../components/ui/copy-button';

const CLIENTS = [
  { id: 'http', label: 'HTTP (Cursor, VS Code, ChatGPT…)' },
  { id: 'claude-code', label: 'Claude Code' },
  { id: 'desktop', label: 'Desktop app (stdio)' },
] as const;
type ClientId = (typeof CLIENTS)[number]['id'];

const codeClass = 'block overflow-x-auto rounded bg-slate-100 p-2 font-mono text-xs whitespace-pre text-slate-900 dark:bg-slate-800 dark:text-slate-100';

/**
 * Herald in an AI assistant (MCP): the server's address on this install and a configuration
 * snippet for the usual clients, filled with the token just created (else a placeholder). The
 * token's scopes decide which tools the assistant gets.
 */
export function McpConnect({ token }: { token?: string }) {
  const [client, setClient] = useState<ClientId>('http');
  const origin = window.location.origin;
  const address = mcpUrl(origin);
  const snippet = client === 'http' ? mcpHttpSnippet(origin, token) : client === 'claude-code' ? mcpClaudeCodeCommand(origin, token) : mcpStdioSnippet(origin, token);

  return (
    <section aria-labelledby="mcp-heading" className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
      <h4 id="mcp-heading" className="text-sm font-semibold text-slate-900 dark:text-slate-100">
        Use Herald in your AI assistant (MCP)
      </h4>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Assistants that speak the Model Context Protocol can search and read your articles with their references, list, add and retire your topics and read your brief, with the
        token&apos;s scopes.
      </p>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium text-slate-800 dark:text-slate-200">Address</span>
        <code data-testid="mcp-address" className="rounded bg-slate-100 px-2 py-1 font-mono text-xs break-all text-slate-900 dark:bg-slate-800 dark:text-slate-100">
          {address}
        </code>
        <CopyButton text={address} label="Copy address" />
      </div>
      <div role="radiogroup" aria-label="Assistant" className="flex flex-wrap gap-3 text-sm">
        {CLIENTS.map((choice) => (
          <label key={choice.id} className="flex items-center gap-1.5">
            <input type="radio" name="mcp-client" className="size-4 accent-blue-700" checked={client === choice.id} onChange={() => setClient(choice.id)} />
            {choice.label}
          </label>
        ))}
      </div>
      <code data-testid="mcp-snippet" className={codeClass}>
        {snippet}
      </code>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {token
            ? 'Ready to paste: it holds the token you just created.'
            : `Create a token below for a ready snippet.${client === 'desktop' ? ` The desktop app starts Herald's own command, which reads the token from ${MCP_TOKEN_ENV}: set the folder Herald is installed in.` : ''}`}
        </p>
        <CopyButton text={snippet} label="Copy snippet" />
      </div>
    </section>
  );
}
