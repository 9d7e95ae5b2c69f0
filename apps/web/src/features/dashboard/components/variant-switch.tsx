import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from '../../../i18n/use-translation.ts';

const VARIANTS = [
  { prefix: '', noun: 'TEST' },
  { prefix: 'Feedback', noun: 'FEEDBACK' },
  { prefix: 'Survey', noun: 'SURVEY' },
  { prefix: 'WorkFlow', noun: 'WORKFLOW' },
] as const;

/** Completed/Expired areas: switch between Completed, FeedbackCompleted, SurveyCompleted... */
export function VariantSwitch({
  kind,
  menuKey,
  onSelectMenu,
}: {
  kind: 'completed' | 'expired' | 'pending';
  menuKey: string;
  onSelectMenu(key: string): void;
}) {
  const { t } = useTranslation('dashboard');
  const base = kind === 'completed' ? 'Completed' : 'Expired';
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={menuKey}
      onChange={(_e, v: string | null) => v && onSelectMenu(v)}
      aria-label={kind === 'completed' ? t('showCompletedOf') : t('showExpiredOf')}
      sx={{ mb: 2, flexWrap: 'wrap' }}
    >
      {VARIANTS.map((v) => (
        <ToggleButton
          key={v.noun}
          value={`${v.prefix}${base}`}
          sx={{ textTransform: 'none', color: 'text.primary', '&.Mui-selected': { color: 'primary.dark' } }}
        >
          {t(`areaTitle.${v.noun}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
