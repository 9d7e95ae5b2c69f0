import type { QuestionItem } from '@invigil/contracts';
import { describe, expect, it } from 'vitest';
import { render, screen } from '../../../components/test-render.tsx';
import '../../../i18n/index.ts';
import { EngineContext } from '../engine-context.ts';
import { EngineStore } from '../state/engine-store.ts';
import type { TestEngine } from '../state/test-engine.ts';
import { viewFor } from './question-views.ts';

const item = (qtypecode: number, choices: string[]) =>
  ({
    qid: 900 + qtypecode,
    index: 0,
    qtypecode,
    qtext: '<p>A question of a kind the spec does not show</p>',
    choiceid: choices.map((_, i) => String(i + 1)).join('|^^|'),
    choicetext: choices.join('|^^|'),
    translated_choicetext: choices.map(() => '--null--').join('|^^|'),
    buttonStyle: 'Not Visited',
  }) as unknown as QuestionItem;

function show(q: QuestionItem) {
  const View = viewFor(q);
  render(
    <EngineContext.Provider value={new EngineStore() as unknown as TestEngine}>
      <View item={q} examId={7} disabled={false} onChange={() => {}} />
    </EngineContext.Provider>,
  );
}

describe('question types the spec does not describe (15, 21, 23, 31; ADR 0215)', () => {
  it.each([15, 21, 23, 31])('type %i with choices is answered by its choices', (code) => {
    show(item(code, ['Agree', 'Disagree']));
    expect(screen.getByRole('radio', { name: 'Agree' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Disagree' })).toBeTruthy();
  });
  it.each([15, 21, 23, 31])('type %i without choices is answered in the editor, with a file', async (code) => {
    show(item(code, []));
    expect(screen.queryByRole('radio')).toBeNull();
    expect(await screen.findByText(/upload/i)).toBeTruthy();
  });
});
