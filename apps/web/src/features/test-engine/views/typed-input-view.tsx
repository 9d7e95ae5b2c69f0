import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { VALUE_SEPARATOR } from '@invigil/contracts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { QuestionViewProps } from './view-types.ts';

/** Typed input: one box per line, values joined with '|^^|'. */
export function TypedInputView({ item, disabled, onChange }: QuestionViewProps) {
  const { t } = useTranslation('testEngine');
  const lines = item.questionContent?.lines ?? 1;
  const values = (item.descriptiveText ?? '').split(VALUE_SEPARATOR);
  const set = (i: number, v: string) => {
    const next = Array.from({ length: lines }, (_, j) => (j === i ? v : (values[j] ?? '')));
    const joined = next.join(VALUE_SEPARATOR);
    onChange({ descriptiveText: joined, selectedChoiceId: joined });
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5, maxWidth: 520 }}>
      {Array.from({ length: lines }, (_, i) => (
        <TextField
          key={i}
          value={values[i] ?? ''}
          onChange={(e) => set(i, e.target.value)}
          placeholder={t('enterInput')}
          disabled={disabled}
          size="small"
          slotProps={{
            htmlInput: {
              'aria-label': lines > 1 ? `${t('enterInput')} (${t('blank', { n: i + 1 })})` : t('enterInput'),
              maxLength: 500,
            },
          }}
        />
      ))}
    </Box>
  );
}
