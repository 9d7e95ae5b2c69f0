import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { VALUE_SEPARATOR } from '@invigil/contracts';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { QuestionViewProps } from './view-types.ts';

const MatchingBoard = lazy(() => import('./matching-board.tsx'));

function shuffle<T>(xs: T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Two-column matching: Column B shuffled on first load, reordered by dragging, order persisted. */
export function MatchingView({ item, disabled, onChange }: QuestionViewProps) {
  const { t } = useTranslation('testEngine');
  const columnA = item.questionContent?.columnA ?? [];
  const columnB = useMemo(() => item.questionContent?.columnB ?? [], [item.questionContent]);
  const order = item.matchOrder;
  useEffect(() => {
    // First load: shuffle Column B and keep that order (not yet an answer).
    if (!order?.length && columnB.length && !disabled) onChange({ matchOrder: shuffle(columnB.map((b) => b.id)) });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item.qid]);
  const byId = new Map(columnB.map((b) => [b.id, b]));
  const shown = (order?.length ? order : columnB.map((b) => b.id))
    .map((id) => byId.get(id))
    .filter((b): b is NonNullable<typeof b> => !!b);
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('matchHelp')}
      </Typography>
      <Suspense fallback={<Skeleton variant="rounded" height={200} />}>
        <MatchingBoard
          columnA={columnA}
          columnB={shown}
          disabled={disabled}
          onReorder={(ids) => onChange({ matchOrder: ids, descriptiveText: ids.join(VALUE_SEPARATOR) })}
        />
      </Suspense>
    </>
  );
}
