import { useState } from 'react';
import { BellRing, FileSearch, ListChecks, PlayCircle } from 'lucide-react';

/**
 * The intro area of the login screen: what Herald does. With a video source set here (none ships
 * yet; no external fetch) it plays the video, whose fallback text is 'Video unavailable' should it
 * fail; without one it shows the same story as a still: three steps, not a broken player.
 */
const INTRO_VIDEO_SRC: string | undefined = undefined;

export function IntroVideo() {
  const [failed, setFailed] = useState(false);
  if (INTRO_VIDEO_SRC && !failed) {
    return (
      <video className="aspect-video w-full rounded-xl bg-slate-900" controls preload="metadata" aria-label="Introduction to Herald" onError={() => setFailed(true)}>
        <source src={INTRO_VIDEO_SRC} onError={() => setFailed(true)} />
        Video unavailable
      </video>
    );
  }
  if (INTRO_VIDEO_SRC && failed) {
    return (
      <figure className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-xl border border-slate-200 bg-slate-100 text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
        <PlayCircle aria-hidden className="size-12 opacity-60" />
        <figcaption className="text-sm font-medium">Video unavailable</figcaption>
      </figure>
    );
  }
  return (
    <ol aria-label="How Herald works" className="space-y-3">
      {STEPS.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
          <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-blue-700 dark:text-blue-400" />
          <div>
            <p className="font-semibold text-slate-900 dark:text-slate-100">{title}</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">{text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

const STEPS = [
  { icon: ListChecks, title: 'Follow what matters to you', text: 'Markets, molecules, court cases, regulations, competitors: topics in your own words.' },
  { icon: FileSearch, title: 'Herald reads the public record', text: 'News, studies, legislation, regulations, filings, trials and patents, as they appear.' },
  { icon: BellRing, title: 'Short articles that cite their sources', text: 'Ranked for you, with breaking alerts when it cannot wait and a daily brief when it can.' },
];
