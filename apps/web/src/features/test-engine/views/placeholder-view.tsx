import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { QuestionViewProps } from './view-types.ts';

/** Coding (20), video (27) and spoken (28) views plug in through registerQuestionView. */
export function PlaceholderView(_: QuestionViewProps) {
  const { t } = useTranslation('testEngine');
  return <Alert severity="info">{t('notSupportedYet')}</Alert>;
}
