import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * One step: its heading takes the focus when the step appears, so a keyboard or screen-reader
 * user lands on the new step, and Tab goes on to its first field (CON-32).
 */
export function StepFrame({
  heading,
  help,
  children,
}: {
  readonly heading: string;
  readonly help: string;
  readonly children: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Box component="section" aria-labelledby="setup-step-heading" sx={{ maxWidth: 720 }}>
      <Typography
        id="setup-step-heading"
        ref={ref}
        tabIndex={-1}
        component="h2"
        variant="h5"
        sx={{ mb: 1, '&:focus-visible': { outlineOffset: 4 } }}
      >
        {heading}
      </Typography>
      <Typography sx={{ mb: 2 }}>{help}</Typography>
      {children}
    </Box>
  );
}
