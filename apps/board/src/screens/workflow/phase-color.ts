/**
 * Black or white text, whichever reads better on a phase's color (WCAG relative
 * luminance): phase colors are chosen by people, so any of them may be light or dark.
 */
export function textColorOn(background: string): '#000000' | '#ffffff' {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(background.trim());
  if (!match?.[1]) return '#ffffff';
  const hex = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  // Where black on the color contrasts more than white does.
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? '#000000' : '#ffffff';
}
