/**
 * A fixed CPU loop, printed beside timings: this shared 2-core VM drifts by half from hour to hour,
 * and a figure means something only beside how fast the machine was at the time.
 */
export function cpuReferenceMs(): number {
  const started = performance.now();
  let x = 0;
  for (let i = 0; i < 3e8; i++) x += i % 7;
  if (x < 0) console.log(x);
  return performance.now() - started;
}
