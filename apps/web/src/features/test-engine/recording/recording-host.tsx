import Button from '@mui/material/Button';
import type { RecordedAnswerFields } from '@invigil/contracts';
import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { WarningDialog } from '../components/engine-dialogs.tsx';
import { UploadDialog } from './upload-dialog.tsx';
import { uploadsFor, useUploads } from '../../../lib/recording-uploads/uploads-registry.ts';
import './recording-texts.ts';

export interface RecordingHostProps {
  examId: number;
  /** the question on screen */
  currentQid: number;
  /** the server's answer fields of a verified recording (the engine keeps and saves them) */
  onSaved(qid: number, fields: RecordedAnswerFields): void;
  /** navigation waits while a recording is being sent and checked */
  setUploading(on: boolean): void;
  goTo(qid: number): void;
  /** 'Q.n' of a question, for a refusal of a question not on screen */
  labelOf(qid: number): string;
}

/**
 * The page-level side of recorded answers (loaded only for tests that have them): resumes what an
 * earlier page or browser session left unsent, shows the uploading dialog of whichever recording
 * is being sent, hands verified answers to the engine, and tells of a refusal for a question that
 * is not on screen (its own view shows the warning when it is).
 */
export default function RecordingHost({
  examId,
  currentQid,
  onSaved,
  setUploading,
  goTo,
  labelOf,
}: RecordingHostProps) {
  const { t } = useTranslation('recording');
  const uploads = uploadsFor(examId);
  useUploads(uploads);
  useEffect(() => {
    uploads.onSaved = onSaved;
  }, [uploads, onSaved]);
  useEffect(() => {
    void uploads.resume(examId);
  }, [uploads, examId]);
  const sending = uploads.uploading();
  useEffect(() => setUploading(sending.length > 0), [sending.length > 0]); // eslint-disable-line react-hooks/exhaustive-deps
  const first = sending[0];
  const status = first !== undefined ? uploads.status(first) : null;
  const elsewhere = uploads.failures().find((f) => f.qid !== currentQid);
  return (
    <>
      <UploadDialog status={status?.state === 'uploading' ? status : null} />
      <WarningDialog
        open={!!elsewhere && !status}
        id="recording-elsewhere"
        title={elsewhere ? t(`warnings.${elsewhere.warning}.title`, { defaultValue: t('warnings.default.title') }) : ''}
        actions={
          <Button
            variant="contained"
            onClick={() => {
              if (!elsewhere) return;
              uploads.dismiss(elsewhere.qid);
              goTo(elsewhere.qid);
            }}
          >
            {t('retry')}
          </Button>
        }
      >
        {elsewhere
          ? `${labelOf(elsewhere.qid)}: ${t(`warnings.${elsewhere.warning}.text`, { defaultValue: t('warnings.default.text') })}`
          : ''}
      </WarningDialog>
    </>
  );
}
