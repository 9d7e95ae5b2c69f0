import type { AttemptMediaItem } from '@invigil/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { PageLoader } from '../../components/page-loader.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { useAttemptMedia } from './api/staff.ts';

type T = ReturnType<typeof useTranslation>['t'];

const labelOf = (t: T, m: AttemptMediaItem) => t(`media.label.${m.label}`, { defaultValue: m.label });

/** A picture's verdict in a few words: outcome, faces, objects. */
function caption(t: T, m: AttemptMediaItem): string {
  const d = m.detail;
  const parts: string[] = [];
  if (d.outcome) parts.push(String(d.outcome));
  if (typeof d.faces === 'number') parts.push(t('media.faces', { count: d.faces }));
  if (d.objects) parts.push(t('media.objects', { names: d.objects }));
  if (typeof d.question === 'number') parts.push(t('media.question', { id: d.question }));
  if (typeof d.seconds === 'number') parts.push(t('media.seconds', { n: d.seconds }));
  return parts.join(', ');
}

const card = (focused: boolean) => ({
  border: focused ? 2 : 1,
  borderColor: focused ? 'primary.main' : 'divider',
  borderRadius: 1,
  overflow: 'hidden',
  bgcolor: 'background.paper',
});
const list = { listStyle: 'none', p: 0, m: 0, mb: 3 };

function Heading({ children }: { children: string }) {
  return (
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
      {children}
    </Typography>
  );
}

/**
 * An attempt's stored media for staff (the timeline's second tab): pictures as a grid of
 * thumbnails that open full size, recordings with players, uploaded files as downloads. Every
 * address is a short-lived signed URL from the server; the list is read again before they expire.
 */
export function AttemptMediaPanel({ userExamId, focus }: { userExamId: number; focus: string | null }) {
  const { t } = useTranslation('staff');
  const q = useAttemptMedia(userExamId, true);
  const root = useRef<HTMLDivElement>(null);
  const items = q.data?.items ?? [];
  useEffect(() => {
    if (!focus || !q.data) return;
    root.current?.querySelector(`[data-key="${CSS.escape(focus)}"]`)?.scrollIntoView({ block: 'center' });
  }, [focus, q.data]);
  if (q.isPending) return <PageLoader />;
  if (q.isError) return <Alert severity="error">{t('media.failed')}</Alert>;
  const pictures = items.filter((m) => m.kind === 'picture');
  const recordings = items.filter((m) => m.kind === 'recording');
  const files = items.filter((m) => m.kind === 'file');
  return (
    <Box ref={root} data-testid="attempt-media">
      {q.data.truncated && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('media.truncated', { count: items.length })}
        </Alert>
      )}
      {items.length === 0 && <Typography>{t('media.empty')}</Typography>}
      {pictures.length > 0 && (
        <>
          <Heading>{t('media.pictures', { count: pictures.length })}</Heading>
          <Box
            component="ul"
            sx={{ ...list, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}
          >
            {pictures.map((m) => (
              <Box component="li" key={m.key} data-key={m.key} sx={card(m.key === focus)}>
                <a href={m.url} target="_blank" rel="noopener noreferrer">
                  <img
                    src={m.url}
                    alt={t('media.open', { label: labelOf(t, m), at: formatDateTime(m.at) })}
                    loading="lazy"
                    width={320}
                    height={240}
                    style={{
                      display: 'block',
                      width: '100%',
                      height: 'auto',
                      aspectRatio: '4 / 3',
                      objectFit: 'cover',
                    }}
                  />
                </a>
                <Box sx={{ p: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {labelOf(t, m)}
                  </Typography>
                  <Typography variant="caption" component="p" color="text.secondary">
                    {formatDateTime(m.at)}
                  </Typography>
                  <Typography variant="caption" component="p">
                    {caption(t, m)}
                  </Typography>
                  <Link href={m.downloadUrl} variant="caption">
                    {t('media.download')}
                  </Link>
                </Box>
              </Box>
            ))}
          </Box>
        </>
      )}
      {recordings.length > 0 && (
        <>
          <Heading>{t('media.recordings', { count: recordings.length })}</Heading>
          <Box component="ul" sx={{ ...list, display: 'grid', gap: 1.5 }}>
            {recordings.map((m) => (
              <Box component="li" key={m.key} data-key={m.key} sx={{ ...card(m.key === focus), p: 1 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {labelOf(t, m)} · {formatDateTime(m.at)}
                </Typography>
                {m.contentType.startsWith('video/') ? (
                  <video controls preload="metadata" src={m.url} style={{ width: '100%', maxHeight: 360 }} />
                ) : (
                  <audio controls preload="metadata" src={m.url} style={{ width: '100%' }} />
                )}
                <Typography variant="caption" component="p">
                  {caption(t, m)} <Link href={m.downloadUrl}>{t('media.download')}</Link>
                </Typography>
              </Box>
            ))}
          </Box>
        </>
      )}
      {files.length > 0 && (
        <>
          <Heading>{t('media.files', { count: files.length })}</Heading>
          <Box component="ul" sx={list}>
            {files.map((m) => (
              <Box component="li" key={m.key} data-key={m.key} sx={{ py: 0.5 }}>
                <Link href={m.downloadUrl}>{m.label}</Link>{' '}
                <Typography component="span" variant="caption" color="text.secondary">
                  {formatDateTime(m.at)}
                  {caption(t, m) ? `, ${caption(t, m)}` : ''}
                </Typography>
              </Box>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}
