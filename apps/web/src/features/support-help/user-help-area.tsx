import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/use-translation.ts';

/** The static help document (the shell opens it in a new tab when User Help is chosen). */
const HELP_DOCUMENT = '/help/user-help.html';

/** User Help: says to check the new tab, with a link in case the tab was blocked. */
export default function UserHelpArea() {
  const { t } = useTranslation('dashboard');
  return (
    <Box data-testid="area-User Help">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('help.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography sx={{ mb: 2 }}>{t('help.newTab')}</Typography>
        <Button variant="outlined" href={HELP_DOCUMENT} target="_blank" rel="noopener" endIcon={<OpenInNewIcon />}>
          {t('help.open')}
        </Button>
      </Paper>
    </Box>
  );
}
