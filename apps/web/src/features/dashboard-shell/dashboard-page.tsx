import { LAYOUT } from '@invigil/contracts';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useEffect, useState } from 'react';
import type { AreaFor } from '../../components/dashboard-area.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { getCookie } from '../../lib/cookies.ts';
import { SELECTED_MENU_KEY } from '../../lib/dashboard-storage.ts';
import { session } from '../../lib/storage.ts';
import { SideMenu } from './components/side-menu.tsx';
import { TopBar } from './components/top-bar.tsx';
import { HELP_URL, initialMenu, menuFor, menuInHistory, menuItemOf, rememberMenuInHistory } from './menu.ts';

/**
 * The dashboard shell: top bar, left menu (drawer 240, collapses at 767 px or less), content area.
 * The app gives it the area of each menu key (the areas belong to other features).
 */
export default function DashboardPage({ areaFor }: { areaFor: AreaFor }) {
  const mobile = useMediaQuery(`(max-width:${LAYOUT.mobileBreakpoint}px)`, { noSsr: true });
  const items = menuFor(getCookie('role'));
  const [selected, setSelected] = useState(() => initialMenu(getCookie('role'), menuInHistory() ?? undefined));
  const [menuOpen, setMenuOpen] = useState(false);
  const [firstName, ...rest] = getCookie('userName').split(' ');

  useEffect(() => {
    session.set(SELECTED_MENU_KEY, selected);
  }, [selected]);

  // Each menu change is a history entry on the dashboard's URL, so Back returns to the item before
  // instead of leaving the app; the entry the dashboard opened on remembers its item too.
  useEffect(() => {
    rememberMenuInHistory(selected, 'replace');
    const back = () => {
      const menu = menuInHistory();
      if (menu !== null) setSelected(initialMenu(getCookie('role'), menu));
    };
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
    // the entry the page opened on only: later changes push their own
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const select = (item: string) => {
    if (item === 'User Help') window.open(HELP_URL, '_blank', 'noopener');
    if (item !== selected) rememberMenuInHistory(item, 'push');
    setSelected(item);
    setMenuOpen(false);
  };

  const menu = (
    <SideMenu
      firstName={firstName ?? ''}
      lastName={rest.join(' ')}
      items={items}
      selected={menuItemOf(selected)}
      onSelect={select}
    />
  );
  const Area = areaFor(selected);
  const width = LAYOUT.drawerWidth;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <TopBar mobile={mobile} drawerWidth={width} onToggleMenu={() => setMenuOpen((o) => !o)} />
      {mobile ? (
        <Drawer
          variant="temporary"
          open={menuOpen}
          onClose={() => setMenuOpen(false)}
          ModalProps={{ keepMounted: true }}
          sx={{ '& .MuiDrawer-paper': { width } }}
        >
          {menu}
        </Drawer>
      ) : (
        <Drawer
          variant="permanent"
          open
          sx={{ width, flexShrink: 0, '& .MuiDrawer-paper': { width, boxSizing: 'border-box' } }}
        >
          {menu}
        </Drawer>
      )}
      <Box component="main" sx={{ flex: 1, minWidth: 0, p: { xs: 1.5, sm: 3 } }}>
        <Toolbar />
        <Suspense fallback={<PageLoader />}>
          <Area menuKey={selected} onSelectMenu={select} />
        </Suspense>
      </Box>
    </Box>
  );
}
