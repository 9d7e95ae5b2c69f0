import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { HoverHint } from '../../../lib/hover-hint.tsx';
import { Link } from '../../../lib/router.tsx';

interface Props {
  mobile: boolean;
  drawerWidth: number;
  onToggleMenu(): void;
}

/** Top bar: product name, profile link and logout link with the spec's hover hints. */
export function TopBar({ mobile, drawerWidth, onToggleMenu }: Props) {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <AppBar
      position="fixed"
      elevation={1}
      sx={{ width: mobile ? '100%' : `calc(100% - ${drawerWidth}px)`, ml: mobile ? 0 : `${drawerWidth}px` }}
    >
      <Toolbar>
        {mobile && (
          <IconButton
            color="inherit"
            edge="start"
            onClick={onToggleMenu}
            aria-label={t('shell:openMenu')}
            sx={{ mr: 1 }}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Typography variant="h6" component="p" sx={{ flex: 1, fontWeight: 700 }}>
          {t('common:productName')}
        </Typography>
        <HoverHint title={t('shell:profileHint')}>
          {mobile ? (
            <IconButton color="inherit" component={Link} to="/v2/user/profile" aria-label={t('shell:profileHint')}>
              <AccountCircleIcon />
            </IconButton>
          ) : (
            <Button
              color="inherit"
              component={Link}
              to="/v2/user/profile"
              startIcon={<AccountCircleIcon />}
              aria-label={t('shell:profileHint')}
            >
              {t('shell:profile')}
            </Button>
          )}
        </HoverHint>
        <HoverHint title={t('shell:logoutHint')}>
          {mobile ? (
            <IconButton
              color="inherit"
              component={Link}
              to="/v2/user/logout"
              aria-label={t('shell:logoutHint')}
              edge="end"
            >
              <LogoutIcon />
            </IconButton>
          ) : (
            <Button
              color="inherit"
              component={Link}
              to="/v2/user/logout"
              startIcon={<LogoutIcon />}
              aria-label={t('shell:logoutHint')}
            >
              {t('shell:logout')}
            </Button>
          )}
        </HoverHint>
      </Toolbar>
    </AppBar>
  );
}
