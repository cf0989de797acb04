import { createTheme } from '@mui/material/styles';

/**
 * Colours chosen for WCAG AA on light surfaces (decision CON-08): text 4.5:1 or
 * more against its background, the focus ring 3:1 or more against every surface
 * it is drawn on. console-theme.test.ts measures them.
 */
export const consoleColours = Object.freeze({
  primary: '#0b4f94',
  onPrimary: '#ffffff',
  text: '#17202a',
  textSecondary: '#4b5563',
  background: '#f4f6f8',
  surface: '#ffffff',
  /** The selected navigation item's background. */
  selected: '#dce9f7',
  focus: '#0b4f94',
  error: '#b3261e',
});

const focusRing = { outline: `3px solid ${consoleColours.focus}`, outlineOffset: 2 };

export const consoleTheme = createTheme({
  palette: {
    primary: { main: consoleColours.primary, contrastText: consoleColours.onPrimary },
    error: { main: consoleColours.error },
    text: { primary: consoleColours.text, secondary: consoleColours.textSecondary },
    background: { default: consoleColours.background, paper: consoleColours.surface },
    action: { selected: consoleColours.selected },
  },
  components: {
    MuiCssBaseline: { styleOverrides: { '*:focus-visible': focusRing } },
    // MUI draws keyboard focus as a faint ripple; a solid ring shows where the keyboard is.
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
  },
});
