import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import './staff-texts.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DataTable } from '../../lib/data-table.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { useActiveUsers } from './api/staff.ts';
import { hms } from './staff-texts.ts';

/**
 * Ticks every second so Time Remaining counts down between the server's updates, on the monotonic
 * clock: setting this machine's clock on or back changes nothing (ADR 0231).
 */
function useNow() {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const id = setInterval(() => setNow(performance.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}

/** An e-mail that may wrap after its local part when the table is tight (the text is unchanged). */
const wrappable = (email: string) => {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
};

/** Ongoing Tests (super administrator): every attempt in progress, live, newest update first. */
export default function OngoingTestsArea() {
  const { t } = useTranslation('staff');
  const { rows, live, failed } = useActiveUsers();
  const now = useNow();
  const [seenAt] = useState(() => new Map<string, number>());
  // Time Remaining: the server's seconds at the row's last update, counted down locally.
  const remaining = (r: { userExamId: number; timeRemaining: number; updatedAt: string }) => {
    const key = `${r.userExamId}:${r.updatedAt}:${r.timeRemaining}`;
    if (!seenAt.has(key)) seenAt.set(key, performance.now());
    return hms(r.timeRemaining - (now - seenAt.get(key)!) / 1000);
  };
  return (
    <Box data-testid="area-Ongoing Tests">
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          {t('ongoing.title')}
        </Typography>
        <Chip
          size="small"
          color={live ? 'success' : 'default'}
          label={live ? t('ongoing.live') : t('ongoing.offline')}
          data-testid="live-state"
        />
      </Stack>
      {failed && <Alert severity="error">{t('loadFailed')}</Alert>}
      {rows === null && !failed && <PageLoader />}
      {rows && (
        <>
          <Typography sx={{ mb: 1.5, fontWeight: 600 }} data-testid="total-active">
            {t('ongoing.total')}: {rows.length}
          </Typography>
          <DataTable
            dense
            wrapHeaders
            label={t('ongoing.title')}
            rows={rows}
            empty={t('ongoing.empty')}
            rowKey={(r) => r.userExamId}
            rowTestId={(r) => `ongoing-${r.userExamId}`}
            columns={[
              { header: t('ongoing.col.username'), cell: (r) => wrappable(r.username) },
              { header: t('ongoing.col.userExamId'), cell: (r) => r.userExamId },
              { header: t('ongoing.col.browser'), cell: (r) => r.browser },
              { header: t('ongoing.col.device'), cell: (r) => r.device },
              { header: t('ongoing.col.testId'), cell: (r) => r.testId },
              { header: t('ongoing.col.testName'), cell: (r) => r.testName },
              { header: t('ongoing.col.questions'), cell: (r) => r.totalQuestion },
              {
                header: t('ongoing.col.answered'),
                cell: (r) => <span data-testid={`answered-${r.userExamId}`}>{r.answeredQuestionsCount}</span>,
              },
              { header: t('ongoing.col.remaining'), cell: (r) => remaining(r) },
              {
                header: t('ongoing.col.updated'),
                cell: (r) => (
                  <span data-testid={`updated-${r.userExamId}`} data-updated={r.updatedAt}>
                    {formatDateTime(r.updatedAt)}
                  </span>
                ),
              },
            ]}
          />
        </>
      )}
    </Box>
  );
}
