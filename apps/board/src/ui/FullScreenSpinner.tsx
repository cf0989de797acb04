import CircularProgress from '@mui/material/CircularProgress';
import { SPINNER_SIZE, SPINNER_THICKNESS } from './spinner-geometry.ts';

/**
 * The specification's full-screen spinner (diameter 100, stroke 5). Shown while
 * the user is not authenticated in the standard flow, never in the device flow.
 * Takes its label as text so the boot screen can show it before any catalogue runtime loads.
 */
export function FullScreenSpinner({ label }: { readonly label: string }) {
  return (
    <div className="full-screen centered">
      <CircularProgress size={SPINNER_SIZE} thickness={SPINNER_THICKNESS} aria-label={label} />
    </div>
  );
}
