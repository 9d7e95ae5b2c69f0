import { createTheme } from '@mui/material/styles';

/** Primary colour purple (spec section 9); contrast checked for text on white. */
export const makeTheme = (mode: 'light' | 'dark' = 'light') =>
  createTheme({
    palette: {
      mode,
      primary: { main: '#5e35b1' },
      secondary: { main: '#00796b' },
      background: mode === 'light' ? { default: '#f5f3fa', paper: '#ffffff' } : {},
    },
    shape: { borderRadius: 8 },
    typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Liberation Sans", Arial, sans-serif' },
    components: {
      MuiListItemButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            '&.Mui-selected': {
              backgroundColor: theme.palette.mode === 'light' ? '#ede7f6' : 'rgba(179,157,219,0.16)',
              color: theme.palette.primary.main,
              boxShadow: `inset 4px 0 0 ${theme.palette.primary.main}`,
              '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
              '& .MuiListItemText-primary': { fontWeight: 600 },
            },
          }),
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
      },
      // Tab labels as the spec writes them (Regenerate AnsweredQuestions, Profile, ...), like buttons.
      MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    },
  });
