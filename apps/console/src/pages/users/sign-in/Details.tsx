import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

export interface Detail {
  readonly label: string;
  readonly value: ReactNode;
  /** Shown as code with a copy button named "Copy {label} of {owner}". */
  readonly copy?: string | undefined;
}

/**
 * Terms and their values as a description list; a value to hand on (a URL, an entity id) is code
 * with a Copy button, whose accessible name says what of which record it copies.
 */
export function Details({
  details,
  owner,
  onCopy,
}: {
  readonly details: readonly Detail[];
  /** Whose values they are, for the copy buttons' names. */
  readonly owner: string;
  readonly onCopy?: (detail: Detail & { readonly copy: string }) => void;
}) {
  const intl = useIntl();
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(10rem, max-content) 1fr' },
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        mb: 1,
      }}
    >
      {details.map((detail) => (
        <Box key={detail.label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontWeight: 600 }}>
            {detail.label}
          </Box>
          <Box
            component="dd"
            sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minWidth: 0 }}
          >
            {detail.copy === undefined ? (
              detail.value
            ) : (
              <>
                <Box component="code" sx={{ wordBreak: 'break-all' }}>
                  {detail.copy}
                </Box>
                <Button
                  size="small"
                  startIcon={<ContentCopy />}
                  aria-label={intl.formatMessage(
                    { id: 'signIn.copyOf' },
                    { what: detail.label, name: owner },
                  )}
                  onClick={() => {
                    const { copy } = detail;
                    if (copy !== undefined) onCopy?.({ ...detail, copy });
                  }}
                >
                  {intl.formatMessage({ id: 'signIn.copy' })}
                </Button>
              </>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
