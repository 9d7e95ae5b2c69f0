import EmailIcon from '@mui/icons-material/Email';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../i18n/use-translation.ts';

/** Support: e-mail support, 24x7, asking for the login credentials and an error screenshot. */
export default function SupportArea() {
  const { t } = useTranslation('dashboard');
  const email = t('supportEmail');
  return (
    <Box data-testid="area-Support">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('support.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={1.5}>
          <Typography>{t('support.intro')}</Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <EmailIcon color="primary" aria-hidden />
            <Typography>
              {t('support.email', { email: '' })}
              <Link href={`mailto:${email}`}>{email}</Link>
            </Typography>
          </Stack>
          <Typography sx={{ fontWeight: 600 }}>{t('support.hours')}</Typography>
          <Typography>{t('support.include')}</Typography>
        </Stack>
      </Paper>
    </Box>
  );
}
