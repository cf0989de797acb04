/** The specification's spinner: diameter 100 px, stroke width 5 px (section 9). */
export const SPINNER_SIZE = 100;
export const SPINNER_STROKE = 5;

/** The circle's radius in pixels: the stroke sits inside the 100 px box. */
export const SPINNER_RADIUS = (SPINNER_SIZE - SPINNER_STROKE) / 2;
