import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../contract/errors.js';
import { AppError } from '../../http/errors.js';
import { callTool } from './server.js';
import { toolsFor, type McpCaller, type McpContext } from './tools.js';

describe('MCP tools: the API limits', () => {
  it('holds add_topic to the topic calls\' limit on calls that may reach a language model (429 as a tool error)', async () => {
    const caller: McpCaller = {
      userId: 'u1',
      scopes: ['topics:manage'],
      isSuperuser: false,
      request: { auth: undefined, method: 'POST', url: '/api/mcp', ip: '127.0.0.1' } as unknown as McpCaller['request'],
      aiLimit: async () => {
        throw new AppError(429, ErrorCode.rateLimited, 'Too many requests. Please wait a moment and try again.');
      },
    };
    const tool = toolsFor(caller).find((t) => t.name === 'add_topic')!;
    const result = await callTool({ logger: pino({ level: 'silent' }) } as unknown as McpContext, caller, tool, { topic: 'EU AI Act enforcement' });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({ error: 'Too many requests. Please wait a moment and try again.', code: ErrorCode.rateLimited });
  });
});
