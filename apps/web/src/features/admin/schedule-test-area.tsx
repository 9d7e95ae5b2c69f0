import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import './admin-texts.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DataTable, serialColumn } from '../../lib/data-table.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { exportTest, useAdminLists } from './api/admin.ts';
import { ScheduleForm } from './schedule-form.tsx';

/** Schedule Test (super administrator): an imported test for a group, and the tests and schedules so far. */
export default function ScheduleTestArea() {
  const { t } = useTranslation('admin');
  const lists = useAdminLists();
  const [exportFailed, setExportFailed] = useState(false);
  const data = lists.data;
  return (
    <Box data-testid="area-Schedule Test">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('schedule.title')}
      </Typography>
      {lists.isPending && <PageLoader />}
      {lists.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
      {data && data.tests.length === 0 && <Alert severity="info">{t('schedule.noTests')}</Alert>}
      {data && data.tests.length > 0 && <ScheduleForm key={data.tests[0]!.id} lists={data} />}
      {data && (
        <>
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {t('schedule.schedulesLabel')}
          </Typography>
          <DataTable
            label={t('schedule.schedulesLabel')}
            rows={data.schedules}
            empty={t('schedule.noSchedules')}
            rowKey={(s) => s.id}
            columns={[
              serialColumn('S.No'),
              { header: t('schedule.col.test'), cell: (s) => s.test },
              { header: t('schedule.col.group'), cell: (s) => s.group },
              {
                header: t('schedule.col.window'),
                cell: (s) => `${formatDateTime(s.startsAt)} – ${formatDateTime(s.endsAt)}`,
              },
              { header: t('schedule.col.attempts'), cell: (s) => s.attempts },
              { header: t('schedule.col.assigned'), cell: (s) => s.assigned },
            ]}
          />
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {t('schedule.testsLabel')}
          </Typography>
          {exportFailed && (
            <Alert severity="error" sx={{ mb: 1 }} role="alert">
              {t('loadFailed')}
            </Alert>
          )}
          <DataTable
            label={t('schedule.testsLabel')}
            rows={data.tests}
            empty={t('schedule.noTests')}
            rowKey={(x) => x.id}
            columns={[
              serialColumn('S.No'),
              { header: t('schedule.col.name'), cell: (x) => x.name },
              { header: t('schedule.col.questions'), cell: (x) => x.questions },
              { header: t('schedule.col.duration'), cell: (x) => x.durationMinutes },
              {
                header: t('schedule.col.action'),
                cell: (x) => (
                  <Button size="small" onClick={() => exportTest(x.id, x.name).catch(() => setExportFailed(true))}>
                    {t('schedule.export')}
                  </Button>
                ),
              },
            ]}
          />
        </>
      )}
    </Box>
  );
}
