import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { downloadGroupReport } from '../api/group-report.ts';

/** 'Click here to download the Report' when the group report is ready, else the processing text. */
export function ReportLink({ groupId, ready }: { groupId: number; ready: boolean }) {
  const { t } = useTranslation('dashboard');
  const [busy, setBusy] = useState(false);
  if (!ready) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="report-processing">
        {t('reportProcessing')}
      </Typography>
    );
  }
  return (
    <Button
      variant="text"
      startIcon={<DownloadIcon />}
      disabled={busy}
      sx={{ mb: 1, px: 0.5, textDecoration: 'underline' }}
      onClick={async () => {
        setBusy(true);
        await downloadGroupReport(groupId);
        setBusy(false);
      }}
    >
      {t('downloadReport')}
    </Button>
  );
}
