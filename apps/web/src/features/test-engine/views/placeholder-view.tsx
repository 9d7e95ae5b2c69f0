import Alert from '@mui/material/Alert';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { QuestionViewProps } from './view-types.ts';

/** Coding (20), video (27) and spoken (28) views plug in through registerQuestionView. */
export function PlaceholderView(_: QuestionViewProps) {
  const { t } = useTranslation('testEngine');
  return <Alert severity="info">{t('notSupportedYet')}</Alert>;
}
