import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { consoleTheme } from './console-theme.ts';

export function ConsoleThemeProvider({ children }: { readonly children: ReactNode }) {
  return (
    <ThemeProvider theme={consoleTheme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
