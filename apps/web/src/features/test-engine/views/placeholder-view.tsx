import Alert from '@mui/material/Alert';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { QuestionViewProps } from './view-types.ts';

/** The question types whose widget the spec does not show (15, 21, 23, 31). */
export function PlaceholderView(_: QuestionViewProps) {
  const { t } = useTranslation('testEngine');
  return <Alert severity="info">{t('notSupportedYet')}</Alert>;
}
