import { createTheme } from '@mui/material/styles';
import { createElement } from 'react';

/**
 * MUI sizes the gap in an outlined field's border with a hidden copy of the label (legend > span),
 * so every field's label stood twice in the page's text: a user's (or a test's) "find the text
 * Username" found two. The copy is now drawn by CSS from a data attribute (see the
 * MuiOutlinedInput style below): the gap keeps its width, the words are in the page once.
 */
const notchedOutline = ({ label }: { label?: unknown }) =>
  typeof label === 'string' && label !== '' ? { label: createElement('span', { 'data-notch': label }) } : {};

/** The spec's mobile breakpoint (767 px and less, section 9), or a touch screen of any width. */
const SMALL_SCREEN = '@media (max-width: 767.95px), (pointer: coarse)';

/** A link standing on its own (not in a sentence) as a 40 px tap target on phones, like buttons. */
export const TAP_TARGET_LINK = { [SMALL_SCREEN]: { display: 'inline-flex', alignItems: 'center', minHeight: 40 } };

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
        // Phones and narrow windows: every button is a tap target of at least 40 px (MUI's
        // small and medium buttons are 31 and 37 px high).
        styleOverrides: { root: { textTransform: 'none', fontWeight: 600, [SMALL_SCREEN]: { minHeight: 40 } } },
      },
      MuiToggleButton: { styleOverrides: { root: { [SMALL_SCREEN]: { minHeight: 40 } } } },
      MuiOutlinedInput: {
        defaultProps: { slotProps: { notchedOutline } as object },
        styleOverrides: { notchedOutline: { '& [data-notch]::before': { content: 'attr(data-notch)' } } },
      },
      // Tab labels as the spec writes them (Regenerate AnsweredQuestions, Profile, ...), like buttons.
      MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    },
  });
