import type { Message, Workflow } from '@careboard/contracts';
import Delete from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Named } from './desk-data.ts';
import { type ExpiryChoice, expiresAtFor, expiryChoices } from './message-expiry.ts';

/** Where a message runs: the workflow's boards, one board, or every board (the API's three targets). */
export type MessageTarget = { workflow_id: number } | { display_board_id: number } | Record<string, never>;

export interface MessageDraft {
  readonly text: string;
  readonly target: MessageTarget;
  readonly expires_at: string | null;
}

const WORKFLOW = 'workflow';
const ALL = 'all';

/**
 * Messages the boards run as a banner: post one with an expiry (over the socket, as every Desk
 * write), see those running now and take one down early.
 */
export function MessagesPanel({
  workflow,
  boards,
  workflows,
  messages,
  onPost,
  onDelete,
}: {
  readonly workflow: Workflow;
  readonly boards: readonly Named[];
  readonly workflows: readonly Workflow[];
  readonly messages: readonly Message[];
  readonly onPost: (draft: MessageDraft) => Promise<boolean>;
  readonly onDelete: (message: Message) => void;
}) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [draft, setDraft] = useState('');
  const [target, setTarget] = useState(WORKFLOW);
  const [expiry, setExpiry] = useState<ExpiryChoice>('1h');
  const [missing, setMissing] = useState(false);

  const post = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    const chosen: MessageTarget =
      target === WORKFLOW
        ? { workflow_id: workflow.id }
        : target === ALL
          ? {}
          : { display_board_id: Number(target) };
    if (await onPost({ text: draft.trim(), target: chosen, expires_at: expiresAtFor(expiry, new Date()) })) {
      setDraft('');
    }
  };

  const where = (message: Message) => {
    if (message.display_board_id !== null) {
      const board = boards.find((b) => b.id === message.display_board_id);
      return text('desk.messages.onBoard', { board: board?.name ?? `#${message.display_board_id}` });
    }
    if (message.workflow_id !== null) {
      const named = workflows.find((w) => w.id === message.workflow_id);
      return text('desk.messages.onWorkflow', { workflow: named?.name ?? `#${message.workflow_id}` });
    }
    return text('desk.messages.onAll');
  };

  const until = (message: Message) =>
    message.expires_at === null
      ? text('desk.messages.noExpiry')
      : text('desk.messages.until', {
          time: intl.formatTime(new Date(message.expires_at), { timeStyle: 'short' }),
        });

  return (
    <Paper component="section" aria-labelledby="desk-messages-heading" variant="outlined" sx={{ p: 2 }}>
      <Typography id="desk-messages-heading" component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {text('desk.messages.heading')}
      </Typography>
      <form onSubmit={post} noValidate>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <TextField
            label={text('desk.messages.text')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            required
            error={missing}
            helperText={missing ? text('desk.required') : undefined}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            sx={{ flex: '1 1 260px' }}
          />
          <TextField
            select
            label={text('desk.messages.target')}
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value={WORKFLOW}>
              {text('desk.messages.targetWorkflow', { workflow: workflow.name })}
            </MenuItem>
            {boards.map((board) => (
              <MenuItem key={board.id} value={String(board.id)}>
                {board.name}
              </MenuItem>
            ))}
            <MenuItem value={ALL}>{text('desk.messages.targetAll')}</MenuItem>
          </TextField>
          <TextField
            select
            label={text('desk.messages.expiry')}
            value={expiry}
            onChange={(event) => setExpiry(event.target.value as ExpiryChoice)}
            sx={{ minWidth: 170 }}
          >
            {expiryChoices.map((choice) => (
              <MenuItem key={choice} value={choice}>
                {text(`desk.expiry.${choice}`)}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" sx={{ mt: 1 }}>
            {text('desk.messages.post')}
          </Button>
        </Stack>
      </form>
      <Typography component="h3" variant="subtitle1" sx={{ mt: 2, fontWeight: 600 }}>
        {text('desk.messages.current')}
      </Typography>
      {messages.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {text('desk.messages.none')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {messages.map((message) => (
            <ListItem
              key={message.id}
              divider
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={text('desk.messages.delete', { text: message.text })}
                  onClick={() => onDelete(message)}
                >
                  <Delete />
                </IconButton>
              }
            >
              <ListItemText primary={message.text} secondary={`${where(message)} · ${until(message)}`} />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
