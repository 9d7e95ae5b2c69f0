import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { describe, expect, it } from 'vitest';
import { OutlinedNativeSelect } from '../lib/native-select.tsx';
import { OutlinedField } from '../lib/outlined-field.tsx';
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

describe('theme: an outlined field names its label once in the page text', () => {
  it.each([
    ['OutlinedField (login)', () => <OutlinedField label="Username" name="u" value="" onChange={() => {}} />],
    ['TextField (profile)', () => <TextField label="Email Address" value="a@b.c" />],
    [
      'OutlinedNativeSelect (dashboard)',
      () => (
        <OutlinedNativeSelect label="Organization" value={1} options={[{ value: 1, label: 'A' }]} onChange={() => {}} />
      ),
    ],
  ])('%s', (_name, Field) => {
    const { container } = render(<Field />);
    const label = container.querySelector('label')!.textContent!;
    expect(screen.getAllByText(label)).toHaveLength(1);
    expect(screen.getByLabelText(label)).toBeTruthy();
    // The outline's gap is still sized by the label (drawn by CSS from the attribute).
    expect(container.querySelector('legend [data-notch]')?.getAttribute('data-notch')).toBe(label);
  });
});
