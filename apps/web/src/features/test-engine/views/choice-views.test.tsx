import type { QuestionItem } from '@invigil/contracts';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '../../../components/test-render.tsx';
import '../../../i18n/index.ts';
import { QuestionFrame } from '../components/question-frame.tsx';
import { EngineContext } from '../engine-context.ts';
import { EngineStore } from '../state/engine-store.ts';
import type { TestEngine } from '../state/test-engine.ts';
import { SingleChoiceView } from './choice-views.tsx';

const item = {
  qid: 155,
  index: 0,
  qtypecode: 1,
  qtext: '<p>Which planet is known as the Red Planet?</p>',
  choiceid: '1|^^|2',
  choicetext: 'Venus|^^|Mars',
  translated_choicetext: '--null--|^^|--null--',
  buttonStyle: 'Not Visited',
} as unknown as QuestionItem;

/** The single-choice item as question 1 of 8, in its frame. */
const renderFirstOfEight = () =>
  render(
    <EngineContext.Provider value={new EngineStore() as unknown as TestEngine}>
      <QuestionFrame item={item} number={1} total={8}>
        <SingleChoiceView item={item} examId={7} disabled={false} onChange={() => {}} />
      </QuestionFrame>
    </EngineContext.Provider>,
  );

describe('single choice (spec: each question view shows "Q.n of N")', () => {
  it('shows "Q.1 of N" once and names the radio group by it', () => {
    renderFirstOfEight();
    expect(screen.getAllByText(/^Q\.1 of/)).toHaveLength(1);
    expect(screen.getByRole('radiogroup', { name: 'Q.1 of 8' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Mars' })).toBeTruthy();
  });
});

describe("the question id popover (spec: 'a hover popover showing the question id')", () => {
  it('shows the id on focus without taking the focus or hiding the choices', async () => {
    renderFirstOfEight();
    const heading = screen.getByRole('heading', { name: 'Q.1 of 8' });
    act(() => heading.focus());
    fireEvent.focus(heading);
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.getByText('Question id: 155', { selector: 'p' })).toBeTruthy();
    // A keyboard user's Tab goes on from here to the choices, not back to the top.
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('radio', { name: 'Mars' })).toBeTruthy();
  });
});
