import { useId, useMemo } from 'react';
import type { TNotificationPreferences, TQuietHoursHeld } from '../../../contract/notifications';
import { Button, selectClass } from '../../components/ui/form';

const box = 'size-4 accent-blue-700';

const timeZones = (): string[] => {
  try {
    return (Intl as unknown as { supportedValuesOf(key: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    return ['UTC'];
  }
};

const HELD_CHOICES: { value: TQuietHoursHeld; label: string; hint: string }[] = [
  { value: 'wait', label: 'Wait', hint: 'held push and email go out when the quiet hours end.' },
  { value: 'brief', label: 'Go to the brief', hint: 'nothing is sent when the quiet hours end; your next Daily Brief lists them under “While you were away”, once.' },
];

type Props = { form: TNotificationPreferences; setForm: (form: TNotificationPreferences) => void };

/** Quiet hours (start, end, in the user's time zone) and what they do with push and email: wait, or go to the brief. */
export function QuietHoursFieldset({ form, setForm }: Props) {
  const zoneId = useId();
  const fromId = useId();
  const untilId = useId();
  const zones = useMemo(() => {
    const all = timeZones();
    return all.includes(form.time_zone) ? all : [form.time_zone, ...all];
  }, [form.time_zone]);
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Quiet hours</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className={box} checked={form.quiet_hours !== null} onChange={(e) => setForm({ ...form, quiet_hours: e.target.checked ? { start: '22:00', end: '07:00' } : null })} /> Hold push and email during
        quiet hours
      </label>
      {form.quiet_hours && (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor={fromId} className="mb-1 block text-xs text-slate-700 dark:text-slate-300">
                From
              </label>
              <input id={fromId} type="time" required className={`${selectClass} w-32`} value={form.quiet_hours.start} onChange={(e) => setForm({ ...form, quiet_hours: { ...form.quiet_hours!, start: e.target.value } })} />
            </div>
            <div>
              <label htmlFor={untilId} className="mb-1 block text-xs text-slate-700 dark:text-slate-300">
                Until
              </label>
              <input id={untilId} type="time" required className={`${selectClass} w-32`} value={form.quiet_hours.end} onChange={(e) => setForm({ ...form, quiet_hours: { ...form.quiet_hours!, end: e.target.value } })} />
            </div>
          </div>
          <HeldChoice form={form} setForm={setForm} />
        </>
      )}
      <p className="text-xs text-slate-600 dark:text-slate-400">The inbox in the app fills as usual; a held notice you read there meanwhile is not sent.</p>
      <div>
        <label htmlFor={zoneId} className="mb-1 block text-xs text-slate-700 dark:text-slate-300">
          Your time zone (quiet hours and the Daily Brief’s morning)
        </label>
        <div className="flex flex-wrap items-center gap-2">
          <select id={zoneId} className={`${selectClass} max-w-64`} value={form.time_zone} onChange={(e) => setForm({ ...form, time_zone: e.target.value })}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
          {browserZone && browserZone !== form.time_zone && (
            <Button type="button" variant="secondary" className="w-auto!" onClick={() => setForm({ ...form, time_zone: browserZone })}>
              Use {browserZone}
            </Button>
          )}
        </div>
      </div>
    </fieldset>
  );
}

/** Wait or go to the brief; 'brief' needs the Daily Brief by email, and says so when it is off (the server then waits). */
function HeldChoice({ form, setForm }: Props) {
  const noBrief = !form.brief || !form.channels.brief.email;
  const noteId = useId();
  return (
    <div role="radiogroup" aria-label="What quiet hours do with held push and email" aria-describedby={noBrief ? noteId : undefined} className="space-y-1">
      {HELD_CHOICES.map((choice) => (
        <label key={choice.value} className="flex items-start gap-2 text-sm">
          <input type="radio" name="quiet-hours-held" className={`${box} mt-0.5`} value={choice.value} checked={form.quiet_hours_held === choice.value} onChange={() => setForm({ ...form, quiet_hours_held: choice.value })} />
          <span>
            <span className="font-medium">{choice.label}</span>: {choice.hint}
          </span>
        </label>
      ))}
      {noBrief && (
        <p id={noteId} className="text-xs text-amber-800 dark:text-amber-300">
          Going to the brief needs the Daily Brief on, by email. Without it, held push and email wait for the quiet hours to end.
        </p>
      )}
    </div>
  );
}
