import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test helper: an OpenAI-compatible chat completions server on 127.0.0.1 that answers the way it
 * is told, one behaviour per request in order (then the last one repeats): a JSON answer, 429
 * with Retry-After, 500, a hang, text that is not JSON, or JSON that breaks the schema.
 */
export type FakeBehaviour =
  | { kind: 'json'; body: unknown; usage?: { prompt_tokens: number; completion_tokens: number }; /** Answers this much later (a provider's latency). */ delayMs?: number }
  | { kind: 'status'; status: number; retryAfter?: string }
  | { kind: 'hang' }
  | { kind: 'text'; content: string };

export interface FakeLlmServer {
  url: string;
  requests: { path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[];
  /** Replaces the queue: these answer the next requests in order, the last one repeats. */
  queue(...behaviours: FakeBehaviour[]): void;
  close(): Promise<void>;
}

export async function startFakeLlmServer(): Promise<FakeLlmServer> {
  const behaviours: FakeBehaviour[] = [];
  const requests: FakeLlmServer['requests'] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      requests.push({ path: req.url ?? '', headers: req.headers, body });
      const behaviour = behaviours.length > 1 ? behaviours.shift()! : (behaviours[0] ?? { kind: 'status', status: 500 });
      const reply = (content: string, usage = { prompt_tokens: 120, completion_tokens: 30 }) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: `chatcmpl-${requests.length}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: String(body.model ?? 'fake'),
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
          }),
        );
      };
      switch (behaviour.kind) {
        case 'json':
          if (behaviour.delayMs) return void setTimeout(() => reply(JSON.stringify(behaviour.body), behaviour.usage), behaviour.delayMs);
          return reply(JSON.stringify(behaviour.body), behaviour.usage);
        case 'text':
          return reply(behaviour.content);
        case 'status':
          res.writeHead(behaviour.status, { 'content-type': 'application/json', ...(behaviour.retryAfter ? { 'retry-after': behaviour.retryAfter } : {}) });
          return res.end(JSON.stringify({ error: { message: `fake ${behaviour.status}`, type: 'server_error' } }));
        case 'hang':
          hanging.add(res);
          res.on('close', () => hanging.delete(res));
          return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    queue: (...next) => {
      behaviours.length = 0;
      behaviours.push(...next);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
