import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { BLANK_KEYS } from '@invigil/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { MediaResource } from '../components/media-resource.tsx';
import { TranslatedText } from '../components/translated-text.tsx';
import { choicesOf, type ChoiceOption, type QuestionViewProps } from './view-types.ts';

function ChoiceLabel({ c }: { c: ChoiceOption }) {
  return (
    <Box component="span">
      <TranslatedText inline english={c.text} translated={c.translated} />
      {c.resource && <MediaResource path={c.resource} label={c.text} />}
    </Box>
  );
}

const optionSx = {
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  mx: 0,
  mb: 1,
  pr: 2,
  '&:has(input:checked)': { borderColor: 'primary.main', bgcolor: 'action.selected' },
};

function ClearButton({ onClear, disabled }: { onClear(): void; disabled: boolean }) {
  const { t } = useTranslation('testEngine');
  return (
    <Button size="small" onClick={onClear} disabled={disabled} sx={{ mt: 1 }}>
      {t('clearResponse')}
    </Button>
  );
}

/** Single choice (1, 13, 14, 16, 17, 18, 24, 32): one radio group. */
export function SingleChoiceView({ item, disabled, onChange }: QuestionViewProps) {
  const options = choicesOf(item);
  return (
    <FormControl fullWidth disabled={disabled}>
      {/* Named by the frame's 'Q.n of N' heading: a second, hidden 'Q.n of' would read twice. */}
      <RadioGroup
        aria-labelledby={`q-${item.qid}-label`}
        value={item.selectedChoiceId ?? ''}
        onChange={(e) => onChange({ selectedChoiceId: e.target.value })}
      >
        {options.map((c) => (
          <FormControlLabel key={c.id} value={c.id} control={<Radio />} label={<ChoiceLabel c={c} />} sx={optionSx} />
        ))}
      </RadioGroup>
      <Box>
        <ClearButton disabled={disabled || !item.selectedChoiceId} onClear={() => onChange({ selectedChoiceId: '' })} />
      </Box>
    </FormControl>
  );
}

/** Multiple choice (2): checkboxes; the answer is comma-joined. */
export function MultipleChoiceView({ item, disabled, onChange }: QuestionViewProps) {
  const options = choicesOf(item);
  const chosen = new Set((item.selectedChoiceId ?? '').split(',').filter(Boolean));
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange({
      selectedChoiceId: options
        .map((o) => o.id)
        .filter((o) => next.has(o))
        .join(','),
    });
  };
  return (
    <FormGroup>
      {options.map((c) => (
        <FormControlLabel
          key={c.id}
          control={<Checkbox checked={chosen.has(c.id)} onChange={() => toggle(c.id)} disabled={disabled} />}
          label={<ChoiceLabel c={c} />}
          sx={optionSx}
        />
      ))}
      <Box>
        <ClearButton disabled={disabled || chosen.size === 0} onClear={() => onChange({ selectedChoiceId: '' })} />
      </Box>
    </FormGroup>
  );
}

/** Multiple choice with up to three blanks: one radio group per blank, Option(i) to Option(iii); ids comma-joined in blank order. */
export function MultiBlankView({ item, disabled, onChange }: QuestionViewProps) {
  const { t } = useTranslation('testEngine');
  const labels = t('blankLabels', { returnObjects: true }) as string[];
  const keys = BLANK_KEYS.filter((k) => item.blanks?.[k]);
  const current = (item.selectedChoiceId ?? '').split(',');
  const set = (i: number, id: string) => {
    const next = keys.map((_, j) => (j === i ? id : (current[j] ?? '')));
    onChange({ selectedChoiceId: next.join(',') });
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {keys.map((k, i) => (
        <FormControl key={k} component="fieldset" disabled={disabled}>
          <FormLabel component="legend" sx={{ fontWeight: 600 }}>
            {labels[i]}
          </FormLabel>
          <RadioGroup row value={current[i] ?? ''} onChange={(e) => set(i, e.target.value)}>
            {choicesOf({ ...item.blanks![k]! }).map((c) => (
              <FormControlLabel
                key={c.id}
                value={c.id}
                control={<Radio />}
                label={<ChoiceLabel c={c} />}
                sx={{ ...optionSx, mr: 1 }}
              />
            ))}
          </RadioGroup>
        </FormControl>
      ))}
      <Box>
        <ClearButton disabled={disabled || !item.selectedChoiceId} onClear={() => onChange({ selectedChoiceId: '' })} />
      </Box>
    </Box>
  );
}
