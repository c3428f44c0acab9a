import { useId, useState } from 'react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { readStage, type StageKey, STAGES } from './pipeline-data';
import { CopyButton } from '../../components/ui/copy-button';
import { Pre } from './pieces';

const TABS = ['Prompt', 'Input', 'Response'] as const;

/**
 * One stage's language-model interaction: header with model (default GPT),
 * duration and tokens; Prompt (system prompt), Input (user message) and Response tabs, each with
 * a copy button; the parse-failure and absent messages of section 8.
 */
export function LlmPanel({ interactions, stage }: { interactions: Record<string, unknown> | null | undefined; stage: StageKey }) {
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<(typeof TABS)[number]>('Prompt');
  const id = useId();
  const label = STAGES.find((s) => s.key === stage)!.label;
  const read = readStage(interactions, stage);
  const shown = read.state === 'ok' ? { Prompt: read.record.systemPrompt, Input: read.record.userMessage, Response: read.record.response }[tab] : '';
  return (
    <div className="rounded-lg border border-slate-200 dark:border-slate-700" data-testid={`llm-panel-${stage}`}>
      <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)} className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-start text-sm">
        {open ? <ChevronDown aria-hidden className="size-4" /> : <ChevronRight aria-hidden className="size-4" />}
        <span className="font-semibold">{label}</span>
        {read.state === 'ok' ? (
          <span className="flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-400">
            <span>{read.record.model}</span>
            <span>{read.record.duration}</span>
            <span>Tokens: {read.record.tokens}</span>
          </span>
        ) : (
          <span className={`text-xs ${read.state === 'invalid' ? 'text-red-700 dark:text-red-300' : 'text-slate-500 dark:text-slate-400'}`}>{read.message}</span>
        )}
      </button>
      {open && (
        <div id={id} className="border-t border-slate-200 px-3 py-2 dark:border-slate-700">
          {read.state === 'ok' ? (
            <>
              <div className="mb-2 flex items-center gap-1">
              <div role="tablist" aria-label={`${label} interaction`} className="flex items-center gap-1">
                {TABS.map((t) => (
                  <button
                    key={t}
                    type="button"
                    role="tab"
                    aria-selected={tab === t}
                    onClick={() => setTab(t)}
                    className={`rounded-md px-2.5 py-1 text-xs font-medium ${tab === t ? 'bg-blue-700 text-white' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
                  >
                    {t}
                  </button>
                ))}
              </div>
                <CopyButton text={shown} className="ms-auto" />
              </div>
              <div role="tabpanel" aria-label={tab}>
                <Pre>{shown || '(empty)'}</Pre>
              </div>
            </>
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-400">{read.message}</p>
          )}
        </div>
      )}
    </div>
  );
}
