import { LANGUAGE_NAMES, type AdminTestsResponse, type Endpoints } from '@invigil/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { OutlinedNativeSelect } from '../../lib/native-select.tsx';
import { OutlinedField } from '../../lib/outlined-field.tsx';
import { localInput } from './admin-texts.ts';
import { useSchedule } from './api/admin.ts';

type Body = Endpoints['POST /api/admin/schedules']['body'];
const HOUR = 3_600_000;
/** Two columns from 600 px; text fields bring their own vertical margin, selects get a row gap. */
const grid = { display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };
const selects = { ...grid, rowGap: 2.5 };

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange(v: boolean): void }) {
  return (
    <FormControlLabel
      control={<Switch checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      label={label}
    />
  );
}

/** The schedule form: test, group, window, duration, languages, attempts, score display, monitoring. */
export function ScheduleForm({ lists }: { lists: AdminTestsResponse }) {
  const { t } = useTranslation('admin');
  const run = useSchedule();
  const now = Date.now();
  const [testId, setTestId] = useState<number | ''>(lists.tests[0]?.id ?? '');
  const [groupId, setGroupId] = useState<number | ''>(lists.groups[0]?.id ?? '');
  const [startsAt, setStartsAt] = useState(localInput(new Date(now)));
  const [endsAt, setEndsAt] = useState(localInput(new Date(now + 7 * 24 * HOUR)));
  const [duration, setDuration] = useState(String(lists.tests[0]?.durationMinutes ?? 30));
  const [languages, setLanguages] = useState<string[]>(['en-IN']);
  const [attempts, setAttempts] = useState('1');
  const [showScore, setShowScore] = useState(true);
  const [m, setM] = useState({ monitoring: false, photo_timer: '120', photo_matching: false, speaker_dialect: false });
  const [photoAction, setPhotoAction] = useState<'S' | 'C'>('C');
  const [audioAction, setAudioAction] = useState<'S' | 'C'>('C');
  const [switches, setSwitches] = useState('');
  const actions = [
    { value: 'C' as const, label: t('schedule.actionC') },
    { value: 'S' as const, label: t('schedule.actionS') },
  ];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (testId === '' || groupId === '') return;
    const body: Body = {
      testId,
      groupId,
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(endsAt).toISOString(),
      durationMinutes: Number(duration),
      languages,
      attempts: Number(attempts),
      showScore,
      monitoring: {
        monitoring: m.monitoring,
        photo_timer: Number(m.photo_timer),
        photo_matching: m.photo_matching,
        photo_action: photoAction,
        speaker_dialect: m.speaker_dialect,
        audio_action: audioAction,
        windowSwitchLimit: switches.trim() === '' ? null : Number(switches),
      },
    };
    run.mutate(body);
  };
  const toggleLanguage = (l: string, on: boolean) =>
    setLanguages((ls) =>
      (on ? [...ls, l] : ls.filter((x) => x !== l)).sort((a, b) =>
        a === 'en-IN' ? -1 : b === 'en-IN' ? 1 : a.localeCompare(b),
      ),
    );
  return (
    <Paper
      variant="outlined"
      component="form"
      onSubmit={submit}
      sx={{ p: { xs: 2, sm: 3 } }}
      aria-label={t('schedule.title')}
    >
      <Box sx={selects}>
        <OutlinedNativeSelect
          label={t('schedule.test')}
          value={testId}
          fullWidth
          options={lists.tests.map((x) => ({ value: x.id, label: `${x.name} (${x.id})` }))}
          onChange={(v) => setTestId(Number(v))}
        />
        <OutlinedNativeSelect
          label={t('schedule.group')}
          value={groupId}
          fullWidth
          options={lists.groups.map((g) => ({
            value: g.id,
            label: t('schedule.groupOption', { group: g.name, org: g.organisation, members: g.members }),
          }))}
          onChange={(v) => setGroupId(Number(v))}
        />
      </Box>
      <Box sx={grid}>
        <OutlinedField
          label={t('schedule.startsAt')}
          name="startsAt"
          type="datetime-local"
          value={startsAt}
          onChange={(e) => setStartsAt(e.target.value)}
        />
        <OutlinedField
          label={t('schedule.endsAt')}
          name="endsAt"
          type="datetime-local"
          value={endsAt}
          onChange={(e) => setEndsAt(e.target.value)}
        />
        <OutlinedField
          label={t('schedule.duration')}
          name="duration"
          type="number"
          value={duration}
          onChange={(e) => setDuration(e.target.value)}
        />
        <OutlinedField
          label={t('schedule.attempts')}
          name="attempts"
          type="number"
          value={attempts}
          onChange={(e) => setAttempts(e.target.value)}
        />
      </Box>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1 }}>
        <FormLabel component="legend">{t('schedule.languages')}</FormLabel>
        <FormGroup row>
          {Object.entries(LANGUAGE_NAMES).map(([locale, name]) => (
            <FormControlLabel
              key={locale}
              control={
                <Checkbox
                  checked={languages.includes(locale)}
                  onChange={(e) => toggleLanguage(locale, e.target.checked)}
                />
              }
              label={name}
            />
          ))}
        </FormGroup>
      </Box>
      <Toggle label={t('schedule.showScore')} checked={showScore} onChange={setShowScore} />
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        {t('schedule.monitoringTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('schedule.windowSwitchHint')}
      </Typography>
      <FormGroup row>
        <Toggle
          label={t('schedule.monitoring')}
          checked={m.monitoring}
          onChange={(v) => setM({ ...m, monitoring: v })}
        />
        <Toggle
          label={t('schedule.photoMatching')}
          checked={m.photo_matching}
          onChange={(v) => setM({ ...m, photo_matching: v })}
        />
        <Toggle
          label={t('schedule.speaker')}
          checked={m.speaker_dialect}
          onChange={(v) => setM({ ...m, speaker_dialect: v })}
        />
      </FormGroup>
      <Box sx={{ ...selects, mt: 1 }}>
        <OutlinedNativeSelect
          label={t('schedule.photoAction')}
          value={photoAction}
          fullWidth
          options={actions}
          onChange={(v) => setPhotoAction(v as 'S' | 'C')}
        />
        <OutlinedNativeSelect
          label={t('schedule.audioAction')}
          value={audioAction}
          fullWidth
          options={actions}
          onChange={(v) => setAudioAction(v as 'S' | 'C')}
        />
      </Box>
      <Box sx={grid}>
        <OutlinedField
          label={t('schedule.photoTimer')}
          name="photoTimer"
          type="number"
          value={m.photo_timer}
          onChange={(e) => setM({ ...m, photo_timer: e.target.value })}
        />
        <OutlinedField
          label={t('schedule.windowSwitch')}
          name="windowSwitch"
          type="number"
          value={switches}
          onChange={(e) => setSwitches(e.target.value)}
        />
      </Box>
      <Button
        type="submit"
        variant="contained"
        disabled={run.isPending || testId === '' || groupId === '' || languages.length === 0}
        sx={{ mt: 2 }}
      >
        {run.isPending ? t('schedule.scheduling') : t('schedule.button')}
      </Button>
      {run.isSuccess && (
        <Alert severity="success" role="status" sx={{ mt: 2 }} data-testid="schedule-done">
          {t('schedule.done', { count: run.data.assigned })}
        </Alert>
      )}
      {run.isError && (
        <Alert severity="error" role="alert" sx={{ mt: 2 }}>
          {run.error.message || t('loadFailed')}
        </Alert>
      )}
    </Paper>
  );
}
