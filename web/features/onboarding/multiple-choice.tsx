import { useId, useState } from 'react';
import type { TInterviewMessage } from '../../../contract/onboarding';
import { Button, inputClass } from '../../components/ui/form';

export interface ChoiceAnswer {
  selected: string[];
  other: string | null;
}

const OTHER = '__other__';

/**
 * A multiple-choice question: options, and 'Other' with
 * free text when allowed. Continue needs one option or non-empty Other text; 'Other' ticked with
 * empty text is dropped. Once answered the question is locked and shows what was chosen.
 */
export function MultipleChoice({ message, disabled, onSubmit }: { message: TInterviewMessage; disabled: boolean; onSubmit: (answer: ChoiceAnswer) => void }) {
  const choice = message.multiple_choice!;
  const answered = message.response_received;
  const [picked, setPicked] = useState<string[]>(answered ? [...message.selected_option_keys, ...(message.has_other_response ? [OTHER] : [])] : []);
  const [other, setOther] = useState(message.other_text ?? '');
  const name = useId();
  const single = choice.max_selections <= 1;
  const options = choice.allow_other_text ? [...choice.options, { id: OTHER, text: 'Other', description: null }] : choice.options;
  const real = picked.filter((p) => p !== OTHER);
  const otherText = picked.includes(OTHER) ? other.trim() : '';
  const canContinue = !disabled && (real.length > 0 || otherText !== '');

  const toggle = (id: string) => {
    if (single) return setPicked([id]);
    setPicked((current) => {
      if (current.includes(id)) return current.filter((p) => p !== id);
      const realCount = current.filter((p) => p !== OTHER).length;
      // The limit counts real options; 'Other' is extra text.
      if (id !== OTHER && realCount >= choice.max_selections) return current;
      return [...current, id];
    });
  };

  return (
    <fieldset disabled={disabled} className="rounded-lg sm:ml-9 border border-slate-200 p-3 dark:border-slate-700">
      <legend className="sr-only">{choice.question}</legend>
      {choice.footer && !answered && <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">{choice.footer}</p>}
      <div className="grid gap-1.5 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.id}
            className={`flex cursor-pointer items-center gap-2 rounded-md border px-2.5 py-1.5 text-sm ${
              picked.includes(option.id) ? 'border-blue-600 bg-blue-50 dark:border-blue-500 dark:bg-blue-950/50' : 'border-slate-200 dark:border-slate-700'
            } ${disabled ? 'cursor-default opacity-80' : 'hover:bg-slate-50 dark:hover:bg-slate-800'}`}
          >
            <input type={single ? 'radio' : 'checkbox'} name={name} checked={picked.includes(option.id)} onChange={() => toggle(option.id)} className="size-4 accent-blue-700" />
            {option.text}
          </label>
        ))}
      </div>
      {picked.includes(OTHER) && (
        <input aria-label="Other" value={other} onChange={(e) => setOther(e.target.value)} maxLength={500} placeholder="Type your answer" className={`${inputClass} mt-2`} />
      )}
      {!answered && (
        <div className="mt-3 flex justify-end">
          <Button type="button" className="w-auto!" disabled={!canContinue} onClick={() => onSubmit({ selected: real, other: otherText || null })}>
            Continue
          </Button>
        </div>
      )}
    </fieldset>
  );
}
