import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { computeTypingMetrics, typingAllowed, typingTarget, typingTicker, words } from '@invigil/contracts';
import { useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { QuestionViewProps } from './view-types.ts';

const TICKER_COLORS = {
  pad: 'text.primary',
  ok: 'success.main',
  bad: 'error.main',
  current: 'text.primary',
  todo: 'text.secondary',
} as const;

/**
 * Typing test: the source text, a one-line strip with 20 characters of lead padding before the
 * current word (10 random words are added when fewer than 10 remain), a box to type in, live
 * metrics; input past the word count of the text to type is blocked.
 */
export function TypingTestView({ item, disabled, onChange }: QuestionViewProps) {
  const { t } = useTranslation('testEngine');
  const source = item.questionContent?.sourceText ?? '';
  const typed = item.descriptiveText ?? '';
  const startedAt = useRef<number | null>(null);
  const strokes = useRef(item.typing?.keyStrokes ?? 0);
  const src = words(source);
  const got = words(typed);
  const target = typingTarget(source, got.length, item.qid);
  const m = item.typing ?? computeTypingMetrics(source, typed, 0, 0, item.qid);
  const done = got.length >= src.length && typed.endsWith(' ');

  const change = (value: string) => {
    if (!typingAllowed(target, value)) return;
    if (startedAt.current === null)
      startedAt.current = performance.now() - (item.timeSpend ?? 0) * 1000 * (typed ? 1 : 0);
    const elapsed = Math.max(1, (performance.now() - startedAt.current) / 1000);
    onChange({
      descriptiveText: value,
      typing: computeTypingMetrics(source, value, elapsed, strokes.current, item.qid),
    });
  };

  const stat = (label: string, value: string | number) => (
    <Box sx={{ minWidth: 96 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="h6" component="div">
        {value}
      </Typography>
    </Box>
  );

  return (
    <Box>
      <Paper
        variant="outlined"
        sx={{
          p: 2,
          mb: 2,
          fontFamily: 'ui-monospace, monospace',
          lineHeight: 1.9,
          userSelect: 'none',
          display: 'flex',
          flexWrap: 'wrap',
          rowGap: 0.5,
        }}
        aria-label={t('typeHere')}
      >
        {target.map((w, i) => {
          const state = i < got.length ? (got[i] === w ? 'ok' : 'bad') : i === got.length ? 'next' : 'todo';
          return (
            <Box
              key={i}
              component="span"
              sx={{
                px: 0.25,
                mr: 0.5,
                borderRadius: 0.5,
                color: state === 'ok' ? 'success.main' : state === 'bad' ? 'error.main' : 'text.primary',
                textDecoration: state === 'bad' ? 'line-through' : 'none',
                bgcolor: state === 'next' ? 'action.selected' : 'transparent',
              }}
            >
              {w}
            </Box>
          );
        })}
      </Paper>
      <Box
        data-testid="typing-strip"
        aria-hidden
        sx={{
          fontFamily: 'ui-monospace, monospace',
          fontSize: '1.25rem',
          whiteSpace: 'pre',
          overflow: 'hidden',
          textOverflow: 'clip',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          px: 1,
          py: 0.75,
          mb: 2,
          bgcolor: 'background.default',
        }}
      >
        {typingTicker(target, typed).map((p, i) => (
          <Box
            key={i}
            component="span"
            data-state={p.state}
            sx={{
              color: TICKER_COLORS[p.state],
              textDecoration: p.state === 'bad' ? 'line-through' : 'none',
              bgcolor: p.state === 'current' ? 'action.selected' : 'transparent',
              fontWeight: p.state === 'current' ? 700 : 400,
            }}
          >
            {p.text}
          </Box>
        ))}
      </Box>
      <TextField
        fullWidth
        multiline
        minRows={3}
        value={typed}
        disabled={disabled}
        placeholder={t('typeHere')}
        onChange={(e) => change(e.target.value)}
        onKeyDown={() => {
          strokes.current += 1;
        }}
        onPaste={(e) => e.preventDefault()}
        slotProps={{ htmlInput: { 'aria-label': t('typeHere'), spellCheck: false, autoComplete: 'off' } }}
      />
      {done && (
        <Typography sx={{ mt: 1 }} role="status">
          {t('typingDone')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2 }} aria-live="polite">
        {stat(t('wpm'), m.wpm)}
        {stat(t('accuracy'), `${m.typingAccuracy}%`)}
        {stat(t('words'), m.wordCount)}
        {stat(t('correctWords'), m.correctCount)}
        {stat(t('incorrectWords'), m.incorrectCount)}
        {stat(t('skippedWords'), m.skippedCount)}
        {stat(t('keyStrokes'), m.keyStrokes)}
      </Box>
    </Box>
  );
}
