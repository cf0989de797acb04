/** The screen sizes the preview offers (decision CON-45): common wall screens, one portrait, one 4:3. */
export const screenSizes = [
  { id: '1920x1080', width: 1920, height: 1080 },
  { id: '1280x720', width: 1280, height: 720 },
  { id: '1080x1920', width: 1080, height: 1920 },
  { id: '1024x768', width: 1024, height: 768 },
] as const;

export type ScreenSize = (typeof screenSizes)[number];
export type ScreenSizeId = ScreenSize['id'];

/** The scale that fits a `width` × `height` screen into a box `boxWidth` wide and at most `maxHeight` tall. */
export function fitScale(
  size: { width: number; height: number },
  boxWidth: number,
  maxHeight: number,
): number {
  if (boxWidth <= 0) return 0;
  return Math.min(boxWidth / size.width, maxHeight / size.height, 1);
}
