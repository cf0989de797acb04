import Alert from '@mui/material/Alert';
import { useServerErrorText } from '../data/server-error-text.ts';

/** A failed read or write, in the catalogue's words; nothing when there is no error. */
export function ErrorAlert({ error }: { readonly error: unknown }) {
  const errorText = useServerErrorText();
  if (error === undefined || error === null) return null;
  return (
    <Alert severity="error" role="alert" sx={{ my: 1 }}>
      {errorText(error)}
    </Alert>
  );
}
