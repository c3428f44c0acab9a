import { useState } from 'react';
import { PlayCircle } from 'lucide-react';

/**
 * The intro video of the login screen. Herald ships no video yet, so the fallback shows; set
 * the source here once one exists (no external fetch).
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
  return (
    <figure className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-xl border border-slate-200 bg-slate-100 text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
      <PlayCircle aria-hidden className="size-12 opacity-60" />
      <figcaption className="text-sm font-medium">Video unavailable</figcaption>
    </figure>
  );
}
