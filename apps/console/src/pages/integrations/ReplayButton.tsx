import type { FeedMessageSummary, ReplayedMessage } from '@careboard/contracts';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useRest } from '../../ui/crud/rest.ts';

/**
 * **Read again** for one stored HL7 message: the server reads it again from its stored bytes,
 * through today's mappings, settles its row anew (the sender gets no second answer) and answers
 * its new outcome (FEED-67).
 */
export function ReplayButton({
  message,
  onReplayed,
  onRefused,
}: {
  readonly message: FeedMessageSummary;
  readonly onReplayed: (answer: ReplayedMessage) => void;
  readonly onRefused: (error: unknown) => void;
}) {
  const intl = useIntl();
  const rest = useRest();
  const [busy, setBusy] = useState(false);
  const replay = async () => {
    setBusy(true);
    try {
      onReplayed(
        (await rest.post(
          `feeds/hl7/messages/${encodeURIComponent(message.id)}/replay`,
          {},
        )) as ReplayedMessage,
      );
    } catch (error) {
      onRefused(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" variant="outlined" disabled={busy} onClick={replay} sx={{ whiteSpace: 'nowrap' }}>
      {intl.formatMessage({ id: 'integrations.replay.button' })}
    </Button>
  );
}
