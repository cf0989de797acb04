import type { Visit, VisitNames } from '@careboard/contracts';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useConsoleRuntime } from '../../runtime-config/console-runtime.ts';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';

/**
 * The patient's full name on request only (decision CON-57): the list has display names, and each
 * full-name read is a securable read the server audits, so it happens when a person asks for it.
 */
export function FullName({ visit }: { readonly visit: Visit }) {
  const intl = useIntl();
  const { http } = useConsoleRuntime();
  const [names, setNames] = useState<{ visitId: number; first: string; last: string } | null>(null);
  const [failure, setFailure] = useState<unknown>(undefined);

  const read = () => {
    setFailure(undefined);
    http.getJson(`securable/visits/${visit.id}`).then((body) => {
      const { first_name, last_name } = body as VisitNames;
      setNames({ visitId: visit.id, first: first_name, last: last_name });
    }, setFailure);
  };

  if (names?.visitId === visit.id) {
    return (
      <Typography sx={{ mt: 1 }}>
        {intl.formatMessage({ id: 'desk.panel.fullName' }, { first: names.first, last: names.last })}
      </Typography>
    );
  }
  return (
    <>
      <Button
        size="small"
        sx={{ mt: 1 }}
        aria-label={intl.formatMessage({ id: 'desk.panel.showNameOf' }, { name: visit.display_name })}
        title={intl.formatMessage({ id: 'desk.panel.nameAudited' })}
        onClick={read}
      >
        {intl.formatMessage({ id: 'desk.panel.showName' })}
      </Button>
      <ErrorAlert error={failure} />
    </>
  );
}
