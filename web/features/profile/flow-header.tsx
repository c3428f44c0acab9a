import { useEffect, useRef } from 'react';
import { ArrowLeft, type LucideIcon } from 'lucide-react';
import { Button } from '../../components/ui/form';

/**
 * The heading of a My Profile flow (API Tokens, Feeds, Deliveries) with Back to Profile. The flow
 * replaces the form in the dialog, which may have been scrolled down to reach its button: the
 * heading is brought into view when the flow opens.
 */
export function FlowHeader({ icon: Icon, title, onBack }: { icon: LucideIcon; title: string; onBack: () => void }) {
  const heading = useRef<HTMLDivElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <div ref={heading} className="flex items-center justify-between gap-2">
      <h3 className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-slate-100">
        <Icon aria-hidden className="size-5" /> {title}
      </h3>
      <Button type="button" variant="secondary" className="w-auto!" onClick={onBack}>
        <ArrowLeft aria-hidden className="size-4" /> Back to Profile
      </Button>
    </div>
  );
}
