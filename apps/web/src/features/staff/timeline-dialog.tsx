import type { TimelineEvent } from '@invigil/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { PageLoader } from '../../components/page-loader.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { fetchTimeline, useTimeline } from './api/staff.ts';
import { AttemptMediaPanel } from './attempt-media-panel.tsx';
import { kindKey, summary } from './timeline-summary.ts';

/** The stored media an event names (`data.media` holding a storage key), or null. */
const mediaKeyOf = (e: TimelineEvent) =>
  typeof e.data.media === 'string' && e.data.media.includes('/') ? e.data.media : null;

/**
 * The attempt timeline (beyond the spec): every event the server recorded, newest first, and the
 * attempt's pictures, recordings and files in a second tab (an event's link opens its medium there).
 */
export function TimelineDialog({ userExamId, onClose }: { userExamId: number; onClose(): void }) {
  const { t } = useTranslation('staff');
  const full = useMediaQuery('(max-width:600px)', { noSsr: true });
  const first = useTimeline(userExamId);
  const [older, setOlder] = useState<TimelineEvent[]>([]);
  const [next, setNext] = useState<number | null | undefined>(undefined);
  const [tab, setTab] = useState(0);
  const [focus, setFocus] = useState<string | null>(null);
  const show = (key: string) => {
    setFocus(key);
    setTab(1);
  };
  const cursor = next === undefined ? (first.data?.nextBefore ?? null) : next;
  const events = [...(first.data?.events ?? []), ...older];
  const more = async () => {
    if (cursor === null) return;
    const page = await fetchTimeline(userExamId, cursor);
    setOlder((o) => [...o, ...page.events]);
    setNext(page.nextBefore);
  };
  const a = first.data?.attempt;
  return (
    <Dialog open onClose={onClose} fullScreen={full} maxWidth="md" fullWidth aria-labelledby="timeline-title">
      <DialogTitle id="timeline-title">{t('timeline.title')}</DialogTitle>
      <DialogContent dividers tabIndex={0}>
        {first.isPending && <PageLoader />}
        {first.isError && <Alert severity="error">{t('timeline.failed')}</Alert>}
        {a && (
          <Typography sx={{ mb: 2 }} data-testid="timeline-attempt">
            {t('timeline.of', { exam: a.examName, user: a.username, id: a.userExamId })}
            {a.resultError ? ` (${a.resultError})` : ''}
          </Typography>
        )}
        <Tabs
          value={tab}
          onChange={(_e, v: number) => setTab(v)}
          aria-label={t('timeline.title')}
          variant="scrollable"
          allowScrollButtonsMobile
          sx={{ mb: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab label={t('timeline.tabs.events')} id="timeline-tab-0" aria-controls="timeline-panel-0" />
          <Tab label={t('timeline.tabs.media')} id="timeline-tab-1" aria-controls="timeline-panel-1" />
        </Tabs>
        {tab === 1 && (
          <Box role="tabpanel" id="timeline-panel-1" aria-labelledby="timeline-tab-1">
            <AttemptMediaPanel userExamId={userExamId} focus={focus} />
          </Box>
        )}
        <Box role="tabpanel" id="timeline-panel-0" aria-labelledby="timeline-tab-0" hidden={tab !== 0}>
          {first.data && events.length === 0 && <Typography>{t('timeline.empty')}</Typography>}
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="timeline-events">
            {events.map((e) => (
              <Box
                component="li"
                key={`${e.kind}-${e.id}`}
                data-kind={e.kind}
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: '190px 1fr' },
                  gap: 0.5,
                  py: 1,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Typography variant="body2" color="text.secondary">
                  {formatDateTime(e.at)}
                </Typography>
                <Box>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {t(`timeline.kind.${kindKey(e)}`, { defaultValue: e.kind })}
                    {e.actor && e.kind.startsWith('staff.') ? ` ${t('timeline.by', { actor: e.actor })}` : ''}
                  </Typography>
                  <Typography variant="body2" title={JSON.stringify(e.data)}>
                    {summary(e)}
                  </Typography>
                  {mediaKeyOf(e) && (
                    <Link component="button" variant="body2" onClick={() => show(mediaKeyOf(e)!)}>
                      {t(`timeline.view.${mediaKeyOf(e)!.split('/')[0]}`, {
                        defaultValue: t('timeline.view.proctoring'),
                      })}
                    </Link>
                  )}
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        {tab === 0 && cursor !== null && first.data && (
          <Button onClick={() => void more()}>{t('timeline.more')}</Button>
        )}
        <Button onClick={onClose} variant="contained">
          {t('timeline.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
