import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from '../../lib/router.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { useProfile } from './api/profile.ts';
import { PasswordForm } from './components/password-form.tsx';
import { ProfileForm } from './components/profile-form.tsx';

/** The profile screen: header with the name and 'Go Back to Dashboard'; profile and password tabs. */
export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const [tab, setTab] = useState(0);
  // The header changes colour after 200 px of scroll (spec section 9).
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: 200 });
  const data = profile.data?.profileData;

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" elevation={scrolled ? 4 : 0} color={scrolled ? 'secondary' : 'primary'}>
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h1" sx={{ flex: 1 }} data-testid="profile-name">
            {data ? `${data.firstname} ${data.lastname}` : ''}
          </Typography>
          <Button color="inherit" component={Link} to="/v2/user/dashboard" startIcon={<ArrowBackIcon />}>
            {t('goBack')}
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="md" sx={{ py: 3 }}>
        <Paper variant="outlined">
          <Tabs value={tab} onChange={(_e, v) => setTab(v)} aria-label="Profile sections" variant="fullWidth">
            <Tab label={t('profileTab')} id="profile-tab-0" aria-controls="profile-panel-0" />
            <Tab label={t('passwordTab')} id="profile-tab-1" aria-controls="profile-panel-1" />
          </Tabs>
          {/* Not labelled by its tab: the panel would share the name 'Password' with its field. */}
          <Box sx={{ p: { xs: 2, sm: 3 } }} role="tabpanel" id={`profile-panel-${tab}`}>
            {profile.isPending && <PageLoader />}
            {profile.isError && <Alert severity="error">{t('somethingWrong')}</Alert>}
            {data && tab === 0 && <ProfileForm key={data.id} profile={data} />}
            {data && tab === 1 && <PasswordForm />}
          </Box>
        </Paper>
      </Container>
    </Box>
  );
}
