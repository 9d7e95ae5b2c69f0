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
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    },
  });
