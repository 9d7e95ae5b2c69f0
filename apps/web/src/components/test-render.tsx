import { createTheme, ThemeProvider } from '@mui/material/styles';
import { configure, render as renderDom } from '@testing-library/preact';
import type { ReactElement } from 'react';
import { makeTheme } from './theme.ts';

/**
 * How the web's UI tests render (tests only): the app's theme with MUI's transitions and ripples
 * off, so a dialog is visible and not aria-hidden the moment it opens, and queries that wait for
 * state (findBy..., waitFor) wait long enough on a busy machine. Tests wait for what the user
 * sees, never for a fixed time.
 */
configure({ asyncUtilTimeout: 10_000 });
// (each test's clean-up is in vitest.setup.ts, run for every file)

const NO_TIME = {
  shortest: 0,
  shorter: 0,
  short: 0,
  standard: 0,
  complex: 0,
  enteringScreen: 0,
  leavingScreen: 0,
};

const testTheme = createTheme(makeTheme('light'), {
  transitions: { create: () => 'none', duration: NO_TIME },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
});

/** Renders inside the test theme (into document.body; unmounted after each test). */
export function render(ui: ReactElement) {
  return renderDom(<ThemeProvider theme={testTheme}>{ui}</ThemeProvider>);
}

export { act, fireEvent, screen, waitFor } from '@testing-library/preact';
