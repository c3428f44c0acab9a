import { describe, expect, it } from 'vitest';
import { storyChange } from './story-change.js';

// Made-up statements of a central bank, six weeks apart, in the shape FOMC statements take.
const october =
  'Information received since the Committee met in September suggests that economic activity has been expanding at a moderate pace. ' +
  'Inflation has continued to run below the Committee\'s 2 percent longer-run objective. ' +
  'The Committee today reaffirmed its view that the current 0 to 1/4 percent target range for the federal funds rate remains appropriate. ' +
  'Voting for the action were eight members of the Committee.';
const december =
  'Information received since the Committee met in October suggests that economic activity has been expanding at a moderate pace. ' +
  'Inflation has continued to run below the Committee\'s 2 percent longer-run objective. ' +
  'Given the economic outlook, the Committee decided to raise the target range for the federal funds rate to 1/4 to 1/2 percent. ' +
  'Voting for the action were ten members of the Committee.';

describe('what a report changes against the story\'s previous article', () => {
  it('finds the figure that moved, by the words around it, not the one that stayed nor the meeting\'s month', () => {
    expect(storyChange({ text: december, language: 'en' }, { text: october, language: 'en' })).toEqual({
      kind: 'figure',
      subject: 'the target range for the federal funds rate',
      was: '0 to 1/4 percent',
      now: '1/4 to 1/2 percent',
      sentence: 'Given the economic outlook, the Committee decided to raise the target range for the federal funds rate to 1/4 to 1/2 percent.',
    });
  });

  it('says a figure stated again with the same value held, when nothing moved and nothing is new; dates are no figures', () => {
    const again = october.replace('met in September', 'met on September 17, 2015');
    expect(storyChange({ text: again }, { text: october })).toEqual({
      kind: 'held',
      subject: 'longer-run objective',
      now: '2 percent',
      sentence: "Inflation has continued to run below the Committee's 2 percent longer-run objective.",
    });
  });

  it('names what a figure is about, not what is done to it ("to keep its target ...")', () => {
    const before = 'The Committee decided today to keep its target for the federal funds rate at 5-1/4 percent.';
    const after = 'The Committee decided today to keep its target for the federal funds rate at 5-1/2 percent.';
    expect(storyChange({ text: after }, { text: before })).toMatchObject({ kind: 'figure', subject: 'its target for the federal funds rate', was: '5-1/4 percent', now: '5-1/2 percent' });
  });

  it('reads a word hyphened to a figure as its unit, not as what it is about ("25-basis-point increase")', () => {
    const before = 'The Board approved a 25-basis-point increase in the discount rate to 3-1/2 percent.';
    const after = 'The Board approved a 25-basis-point increase in the discount rate to 4-1/4 percent.';
    expect(storyChange({ text: after }, { text: before })).toMatchObject({ kind: 'figure', subject: 'discount rate', was: '3-1/2 percent', now: '4-1/4 percent' });
  });

  it('reads a unit of two words WordNet holds as one whole ("25 basis points", not "25 basis")', () => {
    const before = 'The Committee decided today to lower its target for the federal funds rate 50 basis points to 6 percent.';
    const after = 'The Committee decided today to lower its target for the federal funds rate 25 basis points to 2 percent.';
    // The figure before "to <figure>" is the size of the move, not the target.
    expect(storyChange({ text: after }, { text: before })).toMatchObject({ kind: 'figure', subject: 'change in its target for the federal funds rate', was: '50 basis points', now: '25 basis points' });
  });

  it('reads no small word after a figure as its unit ("6.1 percent in August": "in" is no inch)', () => {
    const before = 'The unemployment rate fell to 6.4 percent in July, and payrolls were little changed.';
    const after = 'The unemployment rate fell to 6.1 percent in August, and payrolls were little changed.';
    expect(storyChange({ text: after, language: 'en' }, { text: before, language: 'en' })).toMatchObject({ kind: 'figure', was: '6.4 percent', now: '6.1 percent' });
  });

  it('reads a level after "to" as the level of what the change is in ("increase in the discount rate to 5-1/2 percent")', () => {
    const before = 'In a related action, the Board approved a 25 basis point increase in the discount rate to 5-1/4 percent.';
    const after = 'In a related action, the Board approved a 25 basis point increase in the discount rate to 5-1/2 percent.';
    expect(storyChange({ text: after }, { text: before })).toMatchObject({ kind: 'figure', subject: 'discount rate', was: '5-1/4 percent', now: '5-1/2 percent' });
  });

  it('takes a figure said about something else for no change', () => {
    const previous = 'The city council approved a budget of 40 million dollars for new bus lines on Tuesday evening.';
    const current = 'The regional hospital reported 55 million dollars of losses from its emergency wing last year.';
    expect(storyChange({ text: current }, { text: previous })).toEqual({ kind: 'new', sentence: current });
  });

  it('else gives the first statement the previous report did not make, and not one the article already says', () => {
    const previous = 'Rescuers searched the collapsed factory in Dhaka for survivors on Wednesday. Dozens of workers remain missing after the collapse.';
    const current =
      'Rescuers searched the collapsed factory in Dhaka for survivors on Thursday. ' +
      'Police arrested the building owner at the border as he tried to leave the country. ' +
      'The garment association promised compensation to the families of the dead workers.';
    const lead = 'Police arrested the building owner at the border as he tried to leave the country.';
    expect(storyChange({ text: current }, { text: previous })).toEqual({ kind: 'new', sentence: lead });
    expect(storyChange({ text: current }, { text: previous }, [lead])).toEqual({ kind: 'new', sentence: 'The garment association promised compensation to the families of the dead workers.' });
  });

  it('passes over a new statement that opens pointing back ("In taking this action, ..."): it needs the sentence before it', () => {
    const previous = 'The Widget Board approved an increase in the widget rate on Tuesday morning.';
    const current =
      'The Widget Board approved an increase in the widget rate on Tuesday morning. ' +
      'In taking this action, the Board approved the requests submitted by the directors of four regional banks. ' +
      'The garment association promised compensation to the families of the dead workers.';
    expect(storyChange({ text: current, language: 'en' }, { text: previous, language: 'en' })).toEqual({ kind: 'new', sentence: 'The garment association promised compensation to the families of the dead workers.' });
  });

  it('says nothing when the new report has no figure and repeats the previous one, or has no sentence', () => {
    const plain = 'Rescuers searched the collapsed factory in Dhaka for survivors on Wednesday. Dozens of workers remain missing after the collapse.';
    expect(storyChange({ text: plain }, { text: plain })).toBeUndefined();
    expect(storyChange({ text: '' }, { text: october })).toBeUndefined();
  });
});
