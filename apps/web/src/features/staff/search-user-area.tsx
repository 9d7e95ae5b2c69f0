import { STATUS_LABEL, type SearchUserExamRow } from '@invigil/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import './staff-texts.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ApiError } from '../../lib/api-client.ts';
import { DataTable, serialColumn } from '../../lib/data-table.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { OutlinedNativeSelect } from '../../lib/native-select.tsx';
import { AccountLockAlert } from './account-lock-alert.tsx';
import { useSearchRecord, useSearchUser } from './api/staff.ts';
import { RegenerateButton, type RegenState } from './regenerate-button.tsx';
import { TimelineDialog } from './timeline-dialog.tsx';

const initialState = (r: SearchUserExamRow): RegenState =>
  r.mongodb_skipped ? 'MONGODB SKIPPED' : r.already_in_queue ? 'ALREADY IN QUEUE' : r.queued ? 'QUEUED' : null;
const percent = (p: number | null) => (p === null ? 'N.A.' : `${p.toFixed(2)} %`);

/** Support search ('Search User Details'): a user's tests by e-mail, their completed results, ReGenerate, the timeline. */
export default function SearchUserArea() {
  const { t } = useTranslation('staff');
  const search = useSearchUser();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [states, setStates] = useState<Record<number, RegenState>>({});
  const [timeline, setTimeline] = useState<number | null>(null);
  const [org, setOrg] = useState<number | null>(null);
  const rows = search.data?.data.data ?? [];
  const account = search.data?.data.account;
  const orgs = [...new Map(rows.filter((r) => r.org_id !== null).map((r) => [r.org_id!, r.org_name])).entries()];
  const orgId = org ?? orgs[0]?.[0] ?? null;
  const record = useSearchRecord(rows[0]?.user_id ?? null, orgId);

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setOrg(null);
    setStates({});
    if (!email.trim()) {
      // Nothing to search: the last user's tests must not stay under the new failure.
      search.reset();
      return setError(t('search.failed'));
    }
    search.mutate(email.trim(), {
      onSuccess: (r) => {
        if (r.data.success === 0) setError(r.data.message || t('search.failed'));
      },
      onError: (err) =>
        setError(
          err instanceof ApiError && err.status >= 400 && err.status < 500 && err.message
            ? err.message
            : t('search.failed'),
        ),
    });
  };
  const stateOf = (r: SearchUserExamRow) => (r.userexams_id in states ? states[r.userexams_id]! : initialState(r));
  const regen = (r: SearchUserExamRow) => (
    <RegenerateButton
      ids={{ userExamId: r.userexams_id, userId: r.user_id, examInstanceId: r.examinstance_id }}
      label={r.exam_name}
      status={r.status}
      state={stateOf(r)}
      onState={(s) => setStates((m) => ({ ...m, [r.userexams_id]: s }))}
      onError={setError}
    />
  );
  const timelineButton = (r: SearchUserExamRow) => (
    <Button
      size="small"
      variant="outlined"
      onClick={() => setTimeline(r.userexams_id)}
      aria-label={`${t('search.timeline')}: ${r.exam_name} (${r.userexams_id})`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {t('search.timeline')}
    </Button>
  );

  return (
    <Box data-testid="area-Search User Details">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('search.title')}
      </Typography>
      <Box component="form" onSubmit={onSearch} noValidate sx={{ mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={t('search.email')}
            type="email"
            size="small"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{
              formHelperText: { role: error ? 'alert' : undefined, sx: { color: error ? 'error.main' : undefined } },
            }}
            sx={{ minWidth: { sm: 320 } }}
          />
          <Button type="submit" variant="contained" disabled={search.isPending}>
            {t('search.button')}
          </Button>
        </Stack>
      </Box>
      {account && !search.isPending && (
        <AccountLockAlert key={`${account.user_id}-${account.locked_until}`} account={account} />
      )}
      {search.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress aria-label={t('search.searching')} />
        </Box>
      ) : (
        <DataTable
          dense
          label={t('search.label')}
          rows={rows}
          empty={t('search.empty')}
          rowKey={(r) => r.userexams_id}
          rowTestId={(r) => `search-row-${r.userexams_id}`}
          columns={[
            { header: t('search.col.id'), cell: (r) => r.userexams_id },
            { header: t('search.col.org'), cell: (r) => r.org_name },
            { header: t('search.col.exam'), cell: (r) => r.exam_name },
            { header: t('search.col.start'), cell: (r) => formatDateTime(r.start_timestamp) },
            { header: t('search.col.end'), cell: (r) => formatDateTime(r.finish_timestamp) },
            { header: t('search.col.testStatus'), cell: (r) => STATUS_LABEL[r.status] ?? r.status },
            { header: t('search.col.resultStatus'), cell: (r) => r.result_status ?? 'N.A.' },
            { header: t('search.col.percentage'), cell: (r) => percent(r.percentage) },
            {
              header: t('search.col.action'),
              cell: (r) => (
                <Stack spacing={0.75} sx={{ alignItems: 'flex-start' }}>
                  {regen(r)}
                  {timelineButton(r)}
                </Stack>
              ),
            },
          ]}
        />
      )}
      {orgId !== null && rows.length > 0 && (
        <Box sx={{ mt: 3 }} data-testid="completed-results">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 1.5, alignItems: { sm: 'center' } }}>
            <Typography variant="h6" component="h2">
              {t('search.completedTitle')}
            </Typography>
            {orgs.length > 1 && (
              <OutlinedNativeSelect
                label={t('search.organization')}
                value={orgId}
                options={orgs.map(([value, label]) => ({ value, label }))}
                onChange={(v) => setOrg(Number(v))}
                sx={{ minWidth: 220 }}
              />
            )}
          </Stack>
          {record.isError && <Alert severity="error">{t('loadFailed')}</Alert>}
          {record.data && record.data.data.groups.length === 0 && (
            <DataTable
              label={t('search.completedTitle')}
              rows={[]}
              empty={t('search.completedEmpty')}
              rowKey={() => 0}
              columns={[]}
            />
          )}
          {record.data?.data.groups.map((g) => (
            <Box key={String(g.groupId)} sx={{ mb: 2 }}>
              <Typography component="h4" sx={{ fontWeight: 600, mb: 1 }}>
                {g.groupName}
              </Typography>
              <DataTable
                label={`${t('search.completedTitle')}: ${g.groupName}`}
                rows={g.completed}
                empty={t('search.completedEmpty')}
                rowKey={(r) => r.userexams_id}
                columns={[
                  serialColumn('S.No'),
                  { header: t('search.completedCol.name'), cell: (r) => r.name },
                  { header: t('search.completedCol.testStatus'), cell: (r) => r.testStatus },
                  { header: t('search.completedCol.resultStatus'), cell: (r) => r.resultStatus },
                  {
                    header: t('search.completedCol.resultDate'),
                    cell: (r) => (r.resultDate === 'N.A.' ? 'N.A.' : formatDateTime(r.resultDate)),
                  },
                  { header: t('search.col.action'), cell: (r) => regen(r) },
                ]}
              />
            </Box>
          ))}
        </Box>
      )}
      {timeline !== null && <TimelineDialog userExamId={timeline} onClose={() => setTimeline(null)} />}
    </Box>
  );
}
