import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { describe, expect, it } from 'vitest';
import { render, screen } from './test-render.tsx';

describe('theme: tab labels read as the spec writes them', () => {
  it('does not upper-case a tab label (spec: tabs Regenerate AnsweredQuestions, Regenerate UserExam, ...)', () => {
    render(
      <Tabs value={0}>
        <Tab label="Regenerate AnsweredQuestions" />
        <Tab label="Regenerate UserExam" />
      </Tabs>,
    );
    const tab = screen.getByRole('tab', { name: 'Regenerate UserExam' });
    expect(getComputedStyle(tab).textTransform).toBe('none');
  });
});
