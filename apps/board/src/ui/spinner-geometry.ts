/** MUI draws CircularProgress in a 44-unit view box scaled to `size` pixels. */
const MUI_VIEW_BOX = 44;

/** The specification's spinner: diameter 100 px, stroke width 5 px (section 9). */
export const SPINNER_SIZE = 100;
export const SPINNER_STROKE = 5;

/** MUI's thickness is in view-box units, so 5 px at 100 px is 5 × 44 / 100 = 2.2. */
export const SPINNER_THICKNESS = (SPINNER_STROKE * MUI_VIEW_BOX) / SPINNER_SIZE;
