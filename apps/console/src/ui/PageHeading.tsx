import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The page's one h1: every console page starts with it, so headings tell where one is. */
export function PageHeading({ children }: { readonly children: ReactNode }) {
  return (
    <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
      {children}
    </Typography>
  );
}
