import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { MenuIcon } from './menu-icon.tsx';

interface Props {
  firstName: string;
  lastName: string;
  items: readonly string[];
  selected: string;
  onSelect(item: string): void;
}

/** The left menu: the user's first and last name, then the role's items. */
export function SideMenu({ firstName, lastName, items, selected, onSelect }: Props) {
  const { t } = useTranslation('shell');
  const initials = `${firstName[0] ?? ''}${lastName[0] ?? ''}`.toUpperCase();
  return (
    <Box component="nav" aria-label={t('menuLabel')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 2.5 }}>
        <Avatar sx={{ bgcolor: 'primary.main', width: 40, height: 40 }} aria-hidden>
          {initials}
        </Avatar>
        <Typography component="p" sx={{ fontWeight: 600 }} data-testid="menu-user-name">
          {firstName} {lastName}
        </Typography>
      </Box>
      <Divider />
      <List>
        {items.map((item) => (
          <ListItem key={item} disablePadding>
            <ListItemButton
              selected={item === selected}
              onClick={() => onSelect(item)}
              aria-current={item === selected ? 'page' : undefined}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <MenuIcon name={item} />
              </ListItemIcon>
              <ListItemText primary={t(`menu.${item}`, { defaultValue: item })} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
