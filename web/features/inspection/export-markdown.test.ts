import { describe, expect, it } from 'vitest';
import type { TInterviewExport, TPromptData } from '../../../contract/inspection';
import { exportFileName, fence, interviewMarkdown, previewMarkdown, promptsMarkdown } from './export-markdown';

describe('export markdown', () => {
  it('names the file from product, tab and ISO date', () => {
    expect(exportFileName('Fact Groups', new Date('2026-11-23T10:00:00Z'))).toBe('Herald-Fact-Groups-2026-11-23.md');
    expect(exportFileName('QA Articles', new Date('2026-01-02T00:00:00Z'))).toBe('Herald-QA-Articles-2026-01-02.md');
  });

  it('fences content so it cannot close the block early', () => {
    expect(fence('plain')).toBe('```\nplain\n```');
    expect(fence('has ``` inside')).toBe('````\nhas ``` inside\n````');
  });

  it('writes prompt records with model, duration and tokens', () => {
    const data: TPromptData = {
      prompt_type: 'DETECTION',
      stage: 'relevance',
      limit: 200,
      prompts: [{ event_id: 7, event_summary: 'Rates rise', created_at: '2026-01-01T00:00:00Z', stage: 'relevance', model_used: 'gpt-4.1-nano', system_prompt: 'S', user_message: 'U', response: 'R', prompt_tokens: 1200, response_tokens: 34, total_tokens: 1234, processing_duration_seconds: 1.5 }],
    };
    const md = promptsMarkdown(data);
    expect(md).toContain('# Detection Prompts');
    expect(md).toContain('## Event 7: Rates rise');
    expect(md).toContain('- **Tokens:** 1,234 (1,200/34)');
    expect(md).toContain('- **Duration:** 1.50s');
    expect(md).toContain('### System prompt\n\n```\nS\n```');
  });

  it('writes the interview metadata and messages with options', () => {
    const data: TInterviewExport = {
      metadata: { total_messages: 2, user_messages: 1, assistant_messages: 1, conversation_id: 'c1', interview_model: 'gpt-4.1', started_at: 'a', last_message_at: 'b', duration_seconds: 90 },
      interview_messages: [
        { role: 'assistant', content: 'What do you do?', timestamp: 't1', options: [{ id: 'a', text: 'Law' }] },
        { role: 'user', content: 'Law', timestamp: 't2', options: null },
      ],
    };
    const md = interviewMarkdown(data);
    expect(md).toContain('- **duration_seconds:** 90');
    expect(md).toContain('### Assistant (t1)\n\nWhat do you do?\n\nOptions:\n- Law');
    expect(md).toContain('### User (t2)\n\nLaw');
    expect(interviewMarkdown({ ...data, interview_messages: [] })).toContain('No onboarding interview yet.');
  });

  it('previews whole items up to a size, never cutting inside a code block, and says how many it shows', () => {
    const item = (n: number) => `## Item ${n}\n\n${fence(`## not an item\n${'x'.repeat(80)}`)}`;
    const doc = ['# Items\n\n5 items.', ...[1, 2, 3, 4, 5].map(item)].join('\n\n');
    expect(previewMarkdown(doc, doc.length)).toBe(doc);
    const preview = previewMarkdown(doc, 300);
    expect(preview).toContain('## Item 2');
    expect(preview).not.toContain('## Item 3');
    expect(preview.match(/```/g)?.length).toBe(4);
    expect(preview).toMatch(/The preview shows the first 2 of 5 items\. Copy and Download give all 5\.\*$/);
    expect(previewMarkdown(doc, 10)).toMatch(/first 1 of 5 items/);
  });
});
