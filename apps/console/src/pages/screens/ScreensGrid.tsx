import Block from '@mui/icons-material/Block';
import Edit from '@mui/icons-material/Edit';
import Refresh from '@mui/icons-material/Refresh';
import { DataGrid, GridActionsCell, GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { ScreenStatusChip } from './ScreenStatusChip.tsx';
import type { ScreenRow } from './screen-rows.ts';

export interface ScreenActionHandlers {
  readonly onEdit: (row: ScreenRow) => void;
  readonly onReload: (row: ScreenRow) => void;
  readonly onRevoke: (row: ScreenRow) => void;
}

/**
 * The fleet as a grid (decision CON-07). Each action is a button named with the screen's name
 * ("Reload Lobby screen"), reached with the grid's arrow keys and Tab (decision CON-51).
 */
export function ScreensGrid({
  rows,
  loading,
  spanish,
  actions,
}: {
  readonly rows: readonly ScreenRow[];
  readonly loading: boolean;
  /** es-US: the grid's own texts (menus, paging) in Spanish too. */
  readonly spanish: boolean;
  readonly actions: ScreenActionHandlers;
}) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  const columns = useMemo<GridColDef<ScreenRow>[]>(() => {
    const text = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
    return [
      { field: 'name', headerName: text('screens.column.name'), flex: 1.6, minWidth: 120 },
      {
        field: 'status',
        headerName: text('screens.column.status'),
        width: 115,
        renderCell: ({ row }) => <ScreenStatusChip status={row.status} />,
      },
      {
        field: 'boardName',
        headerName: text('screens.column.board'),
        flex: 1.4,
        minWidth: 120,
        valueGetter: (_value, row) => row.boardName ?? text('screens.none'),
      },
      {
        field: 'locationName',
        headerName: text('screens.column.location'),
        flex: 1,
        minWidth: 100,
        valueGetter: (_value, row) => row.locationName ?? text('screens.none'),
      },
      {
        field: 'lastSeenAt',
        headerName: text('screens.column.lastSeen'),
        type: 'dateTime',
        width: 155,
        valueFormatter: (value: Date | null) =>
          value ? intl.formatDate(value, { dateStyle: 'short', timeStyle: 'short' }) : text('screens.never'),
      },
      {
        field: 'appVersion',
        headerName: text('screens.column.appVersion'),
        width: 100,
        valueGetter: (_value, row) => row.appVersion ?? text('screens.unknown'),
      },
      {
        field: 'speech',
        headerName: text('screens.column.speech'),
        width: 150,
        valueGetter: (_value, row) =>
          text(row.speech ? `screens.speech.${row.speech}` : 'screens.speech.unknown'),
      },
      {
        field: 'activatedBy',
        headerName: text('screens.column.activatedBy'),
        width: 160,
        valueGetter: (_value, row) => row.activatedBy ?? text('screens.unknown'),
      },
      {
        field: 'actions',
        type: 'actions',
        headerName: text('screens.column.actions'),
        width: 130,
        renderCell: (params) => {
          const row = params.row;
          const name = { name: row.name };
          const live = row.status !== 'revoked';
          return (
            <GridActionsCell {...params}>
              <GridActionsCellItem
                icon={<Edit />}
                label={text('screens.action.edit', name)}
                disabled={!live}
                onClick={() => actions.onEdit(row)}
              />
              <GridActionsCellItem
                icon={<Refresh />}
                label={text('screens.action.reload', name)}
                disabled={!live}
                onClick={() => actions.onReload(row)}
              />
              <GridActionsCellItem
                icon={<Block />}
                label={text('screens.action.revoke', name)}
                disabled={!live}
                onClick={() => actions.onRevoke(row)}
              />
            </GridActionsCell>
          );
        },
      },
    ];
  }, [intl, actions]);

  return (
    <DataGrid
      rows={rows}
      columns={columns}
      loading={loading}
      autoHeight
      density="compact"
      disableRowSelectionOnClick
      hideFooter={rows.length <= 100}
      initialState={{
        pagination: { paginationModel: { pageSize: 100 } },
        // Who activated a screen matters now and then: offered in the column menu, not taking room at 1024 px.
        columns: { columnVisibilityModel: { activatedBy: false } },
      }}
      pageSizeOptions={[100]}
      localeText={{
        ...(spanish ? esES.components.MuiDataGrid.defaultProps.localeText : {}),
        noRowsLabel: text('screens.empty'),
      }}
      aria-label={text('screens.listHeading')}
    />
  );
}
