import { SPINNER_RADIUS, SPINNER_SIZE, SPINNER_STROKE } from './spinner-geometry.ts';
import './spinner.css';

/**
 * The specification's full-screen spinner (diameter 100, stroke 5): Material
 * Design's indeterminate circular progress, drawn as one SVG circle with its
 * two CSS animations (rotation, and the arc growing and shrinking). It is the
 * first thing a board paints, so it carries no component library: MUI's
 * CircularProgress brought its styling runtime into the first load (28 KB gzip
 * of 150). Shown while the user is not authenticated in the standard flow, never
 * in the device flow. Takes its label as text so the boot screen can show it
 * before any catalogue runtime loads.
 */
export function FullScreenSpinner({ label }: { readonly label: string }) {
  const center = SPINNER_SIZE / 2;
  return (
    <div className="full-screen centered">
      <span
        className="spinner"
        role="progressbar"
        aria-label={label}
        style={{ width: `${SPINNER_SIZE}px`, height: `${SPINNER_SIZE}px` }}
      >
        <svg
          viewBox={`0 0 ${SPINNER_SIZE} ${SPINNER_SIZE}`}
          width={SPINNER_SIZE}
          height={SPINNER_SIZE}
          aria-hidden="true"
        >
          <circle
            className="spinner-arc"
            cx={center}
            cy={center}
            r={SPINNER_RADIUS}
            fill="none"
            strokeWidth={SPINNER_STROKE}
          />
        </svg>
      </span>
    </div>
  );
}
