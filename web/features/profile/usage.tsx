import { Gauge } from 'lucide-react';
import { UsageReport } from '../../components/usage-report';
import { FlowHeader } from './flow-header';

/** AI Usage (in My Profile): the caller's own language-model usage, by topic, stage or model. */
export function Usage({ onBack }: { onBack: () => void }) {
  return (
    <div className="space-y-4">
      <FlowHeader icon={Gauge} title="AI Usage" onBack={onBack} />
      <p className="text-sm text-slate-600 dark:text-slate-400">Tokens and cost of the AI stages that wrote your articles and set up your topics. The built-in engine is free.</p>
      <UsageReport scope="me" groups={['topic', 'stage', 'model']} />
    </div>
  );
}
