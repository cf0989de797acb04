import type { Department, DisplayBoardConfig, Page } from '@careboard/contracts';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useLiveQuery } from '../../../data/use-live-query.ts';
import { ErrorAlert } from '../../../ui/ErrorAlert.tsx';
import { ALL } from '../board-data.ts';
import { CreateBoardDialog } from './CreateBoardDialog.tsx';
import { DeleteBoardDialog } from './DeleteBoardDialog.tsx';

/**
 * Every board of the customer, live: its name opens the editor; New board and Delete
 * (confirmed) beside. A plain table: a customer has a handful of boards, and every link
 * and button is one Tab away (decision CON-39).
 */
export function BoardList() {
  const intl = useIntl();
  const navigate = useNavigate();
  const boards = useLiveQuery<DisplayBoardConfig[]>('display-boards', ['display_board']);
  const departments = useLiveQuery<Page<Department>>(`departments?${ALL}`, ['department']);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<DisplayBoardConfig | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);
  const text = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const rows = [...(boards.data ?? [])].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Button variant="contained" startIcon={<Add aria-hidden />} onClick={() => setCreating(true)}>
          {text('boards.create')}
        </Button>
      </Box>
      <ErrorAlert error={boards.error} />
      <Box role="status" aria-live="polite">
        {deleted && <Alert severity="success">{text('boards.deleted', { name: deleted })}</Alert>}
      </Box>
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label={text('boards.list.label')}>
          <TableHead>
            <TableRow>
              <TableCell>{text('boards.list.name')}</TableCell>
              <TableCell>{text('boards.list.type')}</TableCell>
              <TableCell>{text('boards.list.department')}</TableCell>
              <TableCell align="right">{text('boards.list.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((board) => (
              <TableRow key={board.id} hover>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={String(board.id)}
                    aria-label={text('boards.list.edit', { name: board.name })}
                  >
                    {board.name}
                  </Link>
                </TableCell>
                <TableCell>{text(`boards.type.${board.display_board_type_id}`)}</TableCell>
                <TableCell>
                  {board.department.site.name} · {board.department.name}
                </TableCell>
                <TableCell align="right">
                  <IconButton
                    aria-label={text('boards.list.delete', { name: board.name })}
                    onClick={() => setDeleting(board)}
                  >
                    <DeleteOutlined aria-hidden />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {boards.data && rows.length === 0 && <Typography>{text('boards.list.empty')}</Typography>}
      <CreateBoardDialog
        open={creating}
        departments={departments.data?.items ?? []}
        onClose={() => setCreating(false)}
        onCreated={(board) => {
          setCreating(false);
          navigate(String(board.id));
        }}
      />
      <DeleteBoardDialog
        board={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(name) => {
          setDeleting(null);
          setDeleted(name);
          boards.reload();
        }}
      />
    </Box>
  );
}
