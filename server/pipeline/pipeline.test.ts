import { describe, expect, it } from 'vitest';
import { JOBS } from '../job-list.js';
import { nextOf, PIPELINE, SUMMARISE_JOB } from './pipeline.js';

describe('the pipeline, in order', () => {
  it('starts at summarisation, and every stage sends only to later stages, each a registered job', () => {
    expect(PIPELINE[0]!.job).toBe(SUMMARISE_JOB);
    const position = new Map(PIPELINE.map((stage, i) => [stage.job, i]));
    const registered = new Set(JOBS.map((job) => job.name));
    for (const [i, stage] of PIPELINE.entries()) {
      expect(registered.has(stage.job), stage.job).toBe(true);
      for (const next of stage.next) expect(position.get(next), `${stage.job} -> ${next}`).toBeGreaterThan(i);
    }
    // Every stage but the first is sent to by one before it.
    const reached = new Set(PIPELINE.flatMap((stage) => stage.next));
    expect(PIPELINE.slice(1).every((stage) => reached.has(stage.job))).toBe(true);
  });

  it('refuses a job that is not a stage', () => {
    expect(() => nextOf('pipeline-nothing')).toThrow(/not a pipeline stage/);
  });
});
