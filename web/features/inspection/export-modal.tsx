import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { TExportData, TInterviewExport, TPromptData, TPromptType } from '../../../contract/inspection';
import { MODEL_REGISTRY } from '../../../contract/models';
import { Dialog } from '../../components/ui/dialog';
import { Markdown } from '../../components/ui/markdown';
import { Spinner } from '../../components/ui/spinner';
import { authClient } from '../../lib/auth-client';
import { useViewing, withUser } from '../../lib/viewing';
import { articlesMarkdown, EXPORT_TABS, exportFileName, factGroupsMarkdown, interviewMarkdown, previewMarkdown, profileMarkdown, promptsMarkdown, type ExportTab } from './export-markdown';
import { CopyButton } from '../../components/ui/copy-button';
import { saveFile } from '../../lib/save-file';

/**
 * The models the footer names: those that produced the data, by the names the model picker shows
 * ('Model used: GPT-4.1 Mini'); the built-in engine is named as such, not as a model.
 */
export function modelsNote(models: string[] | undefined): string {
  if (!models) return 'Models: loading...';
  if (models.length === 0) return 'No model has processed these items yet.';
  const named = [...new Set(models.map((m) => (m === 'builtin' ? 'builtin' : (MODEL_REGISTRY.find((e) => e.value === m || e.modelId === m)?.label ?? m))))];
  const llms = named.filter((n) => n !== 'builtin');
  const builtin = named.includes('builtin') ? "Herald's built-in engine (no language model)" : '';
  if (llms.length === 0) return `Processed by ${builtin}.`;
  return `${llms.length === 1 ? 'Model' : 'Models'} used: ${llms.join(', ')}${builtin ? `; the rest by ${builtin}` : ''}.`;
}

const PROMPT_TYPE: Partial<Record<ExportTab, TPromptType>> = { 'Detection Prompts': 'DETECTION', 'Validation Prompts': 'VALIDATION', 'Composition Prompts': 'COMPOSITION' };
const PROMPT_ERROR: Record<TPromptType, string> = { DETECTION: 'Failed to load detection prompts', VALIDATION: 'Failed to load validation prompts', COMPOSITION: 'Failed to load composition prompts' };

function download(name: string, text: string) {
  saveFile(name, new Blob([text], { type: 'text/markdown;charset=utf-8' }));
}

/**
 * Export Data, superusers: the viewed user's pipeline data as Markdown, one
 * tab each (Fact Groups, Articles, QA Articles, the three prompt kinds, Profile, Interview), with
 * Copy and Download of the whole document; the tab shows its preview (previewMarkdown). Everything loads when the modal opens; each tab fails on its own.
 */
export default function ExportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { userId, viewed } = useViewing();
  const [tab, setTab] = useState<ExportTab>('Fact Groups');
  const key = userId ?? 'self';
  const data = useQuery({ queryKey: ['export', key, 'data'], queryFn: ({ signal }) => authClient.authedApi<TExportData>(withUser('/events/data/', userId), { signal }), enabled: open, staleTime: 0 });
  const prompts = {
    DETECTION: useQuery({ queryKey: ['export', key, 'prompts', 'DETECTION'], queryFn: ({ signal }) => authClient.authedApi<TPromptData>(withUser('/prompt-data/?prompt_type=DETECTION', userId), { signal }), enabled: open, staleTime: 0 }),
    VALIDATION: useQuery({ queryKey: ['export', key, 'prompts', 'VALIDATION'], queryFn: ({ signal }) => authClient.authedApi<TPromptData>(withUser('/prompt-data/?prompt_type=VALIDATION', userId), { signal }), enabled: open, staleTime: 0 }),
    COMPOSITION: useQuery({ queryKey: ['export', key, 'prompts', 'COMPOSITION'], queryFn: ({ signal }) => authClient.authedApi<TPromptData>(withUser('/prompt-data/?prompt_type=COMPOSITION', userId), { signal }), enabled: open, staleTime: 0 }),
  };
  const interview = useQuery({ queryKey: ['export', key, 'interview'], queryFn: ({ signal }) => authClient.authedApi<TInterviewExport>(withUser('/conversation/onboarding_interview/', userId), { signal }), enabled: open, staleTime: 0 });

  const promptType = PROMPT_TYPE[tab];
  const promptQuery = promptType ? prompts[promptType] : undefined;
  const state: { loading: boolean; error?: string; markdown?: string } = useMemo(() => {
    if (tab === 'Profile') return { loading: false, markdown: profileMarkdown(viewed) };
    if (tab === 'Interview') return interview.data ? { loading: false, markdown: interviewMarkdown(interview.data) } : { loading: interview.isPending, error: interview.isError ? 'Failed to load interview conversation' : undefined };
    if (promptType && promptQuery) return promptQuery.data ? { loading: false, markdown: promptsMarkdown(promptQuery.data) } : { loading: promptQuery.isPending, error: promptQuery.isError ? PROMPT_ERROR[promptType] : undefined };
    if (!data.data) return { loading: data.isPending, error: data.isError ? 'Failed to load articles data' : undefined };
    if (tab === 'Fact Groups') return { loading: false, markdown: factGroupsMarkdown(data.data) };
    return { loading: false, markdown: articlesMarkdown(tab === 'QA Articles' ? data.data.qa_articles : data.data.articles, data.data.limit, tab === 'QA Articles') };
  }, [tab, viewed, interview.data, interview.isPending, interview.isError, promptType, promptQuery, data.data, data.isPending, data.isError]);

  const preview = useMemo(() => previewMarkdown(state.markdown ?? ''), [state.markdown]);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="xl"
      title="Export Data"
      description={`Pipeline data of ${[viewed.first_name, viewed.last_name].filter(Boolean).join(' ') || viewed.email} as Markdown.`}
      footer={
        <div className="flex w-full flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-slate-600 dark:text-slate-400">{modelsNote(data.data?.models)}</p>
          <div className="flex gap-2">
            <CopyButton text={state.markdown ?? ''} />
            <button
              type="button"
              disabled={!state.markdown}
              onClick={() => state.markdown && download(exportFileName(tab), state.markdown)}
              className="inline-flex items-center gap-1 rounded-md bg-blue-700 px-2.5 py-1 text-xs font-medium text-white hover:bg-blue-800 disabled:opacity-50"
            >
              <Download aria-hidden className="size-3.5" /> Download
            </button>
          </div>
        </div>
      }
    >
      <div role="tablist" aria-label="Export" className="mb-3 flex flex-wrap gap-1 border-b border-slate-200 pb-2 dark:border-slate-700">
        {EXPORT_TABS.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={tab === t}
            onClick={() => setTab(t)}
            className={`rounded-md px-2.5 py-1 text-sm font-medium ${tab === t ? 'bg-blue-700 text-white' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
          >
            {t}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tab} className="prose-sm max-w-none text-sm">
        {state.loading ? (
          <Spinner label={`Loading ${tab}`} />
        ) : state.error ? (
          <p role="alert" className="text-red-700 dark:text-red-300">
            {state.error}
          </p>
        ) : (
          <Markdown text={preview} />
        )}
      </div>
    </Dialog>
  );
}
