import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { consoleColours, consoleTheme } from './console-theme.ts';

describe('the console theme', () => {
  it.each([
    ['text on the background', consoleColours.text, consoleColours.background],
    ['text on a surface', consoleColours.text, consoleColours.surface],
    ['secondary text on the background', consoleColours.textSecondary, consoleColours.background],
    ['secondary text on a surface', consoleColours.textSecondary, consoleColours.surface],
    ['text on the selected item', consoleColours.text, consoleColours.selected],
    ['primary text on a surface (links, text buttons)', consoleColours.primary, consoleColours.surface],
    ['primary text on the selected item', consoleColours.primary, consoleColours.selected],
    ['text on a primary button', consoleColours.onPrimary, consoleColours.primary],
    ['error text on a surface', consoleColours.error, consoleColours.surface],
  ])('gives %s at least 4.5:1 (WCAG AA)', (_name, foreground, background) => {
    expect(getContrastRatio(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['the background', consoleColours.background],
    ['a surface', consoleColours.surface],
    ['the selected item', consoleColours.selected],
  ])('draws the focus ring at least 3:1 against %s (WCAG 1.4.11)', (_name, background) => {
    expect(getContrastRatio(consoleColours.focus, background)).toBeGreaterThanOrEqual(3);
  });

  it('is the palette MUI renders with', () => {
    expect(consoleTheme.palette.primary.main).toBe(consoleColours.primary);
    expect(consoleTheme.palette.text.primary).toBe(consoleColours.text);
    expect(consoleTheme.palette.background.default).toBe(consoleColours.background);
  });
});
