import { lazy, Suspense } from 'react';
import type { MessageId } from '../i18n/en-US.ts';

// Snack bar and dialog (MUI's modal, portal and transitions) are needed only when something is wrong.
const Snackbar = lazy(async () => ({ default: (await import('./MessageSnackbar.tsx')).MessageSnackbar }));
const Dialog = lazy(async () => ({ default: (await import('./MessageDialog.tsx')).MessageDialog }));

/** 'Display board does not exist.' and the like, in a snack bar loaded on demand. */
export function SnackbarMessage({ id }: { readonly id: MessageId }) {
  return (
    <Suspense fallback={null}>
      <Snackbar id={id} />
    </Suspense>
  );
}

/** A message with a Close action, in a dialog loaded on demand. */
export function DialogMessage({ id }: { readonly id: MessageId }) {
  return (
    <Suspense fallback={null}>
      <Dialog id={id} />
    </Suspense>
  );
}
