import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { AnswerFile } from './answer-file.tsx';
import type { QuestionViewProps } from './view-types.ts';

const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

/** Descriptive: a rich-text editor and a file upload (an imported question may have only one of them). */
export function DescriptiveView(props: QuestionViewProps) {
  const { t } = useTranslation('testEngine');
  const { item, disabled, onChange } = props;
  const content = item.questionContent;
  return (
    <>
      {content?.textAnswer !== false && (
        <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
          <RichTextEditor
            value={item.descriptiveText ?? ''}
            disabled={disabled}
            label={t('editorLabel')}
            onChange={(html) => onChange({ descriptiveText: html })}
          />
        </Suspense>
      )}
      {content?.fileUpload !== false && <AnswerFile {...props} />}
    </>
  );
}
