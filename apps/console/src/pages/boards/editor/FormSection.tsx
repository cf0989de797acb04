import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled part of the board form: a region named by its h3, so headings tell where one is. */
export function FormSection({
  id,
  title,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly children: ReactNode;
}) {
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography component="h3" variant="h6" id={id}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
