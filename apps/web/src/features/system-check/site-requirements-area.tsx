import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DataTable } from '../../lib/data-table.tsx';
import { measureBandwidth } from './api/speed-test.ts';
import { bandwidthOk, detectBrowser, detectOs } from './checks.ts';

type Result = { state: 'checking' } | { state: 'done'; ok: boolean; value: string; remark: string };

function Status({ r }: { r: Result }) {
  const { t } = useTranslation('dashboard');
  if (r.state === 'checking') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CircularProgress size={16} aria-hidden />
        <span>{t('system.checking')}</span>
      </Stack>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: r.ok ? 'success.dark' : 'error.dark' }}>
      {r.ok ? <CheckCircleIcon fontSize="small" aria-hidden /> : <ErrorIcon fontSize="small" aria-hidden />}
      <span>
        {r.ok ? t('system.passed') : t('system.failed')} ({r.value})
      </span>
    </Stack>
  );
}

/** Site Requirements: the system check table with real checks (Component, Requirement, Status, Remark). */
export default function SiteRequirementsArea() {
  const { t } = useTranslation('dashboard');
  const [bandwidth, setBandwidth] = useState<Result>({ state: 'checking' });
  const ua = navigator.userAgent;
  const os = detectOs(ua);
  const browser = detectBrowser(ua);

  const check = useCallback(() => {
    setBandwidth({ state: 'checking' });
    measureBandwidth()
      .then((v) =>
        setBandwidth({
          state: 'done',
          ok: bandwidthOk(v),
          value: `${v.toFixed(2)} Mbps`,
          remark: bandwidthOk(v) ? '' : t('system.bandwidthBad'),
        }),
      )
      .catch(() => setBandwidth({ state: 'done', ok: false, value: '0 Mbps', remark: t('system.bandwidthBad') }));
  }, [t]);
  useEffect(check, [check]);

  const rows: Array<{ component: string; requirement: string; result: Result }> = [
    { component: t('system.bandwidth'), requirement: t('system.bandwidthReq'), result: bandwidth },
    {
      component: t('system.javascript'),
      requirement: t('system.javascriptReq'),
      result: { state: 'done', ok: true, value: t('system.enabled'), remark: '' },
    },
    {
      component: t('system.os'),
      requirement: t('system.osReq'),
      result: { state: 'done', ok: os.ok, value: os.name, remark: os.ok ? '' : t('system.osUnsupported') },
    },
    {
      component: t('system.browser'),
      requirement: t('system.browserReq'),
      result: {
        state: 'done',
        ok: browser.ok,
        value: browser.name,
        remark: browser.ok ? '' : t('system.updateBrowser'),
      },
    },
  ];

  return (
    <Box data-testid="area-Site Requirements">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('system.title')}
      </Typography>
      <DataTable
        label={t('system.title')}
        rows={rows}
        empty=""
        rowKey={(r) => r.component}
        rowTestId={(r) => `check-${r.component}`}
        columns={[
          { header: t('system.component'), cell: (r) => r.component },
          { header: t('system.requirement'), cell: (r) => r.requirement },
          { header: t('system.status'), cell: (r) => <Status r={r.result} /> },
          {
            header: t('system.remark'),
            cell: (r) => (r.result.state === 'done' && r.result.remark ? r.result.remark : '—'),
          },
        ]}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mt: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('system.requirementsText')}
        </Typography>
        <Button variant="outlined" onClick={check} disabled={bandwidth.state === 'checking'}>
          {t('system.checkAgain')}
        </Button>
      </Stack>
    </Box>
  );
}
