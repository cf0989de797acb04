import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DataGrid, GridActionsCell, GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { ErrorAlert } from '../ErrorAlert.tsx';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { CrudFormDialog } from './CrudFormDialog.tsx';
import type { CrudRow, CrudSectionProps } from './crud-types.ts';
import { useGridLocaleText } from './grid-locale.ts';

type Open<Row> =
  | { readonly mode: 'create' }
  | { readonly mode: 'edit'; readonly row: Row }
  | { readonly mode: 'delete'; readonly row: Row };

/**
 * One kind of record: a heading, an "Add" button, the list as a grid whose rows carry Edit and
 * Delete buttons named with the record ("Edit Recovery bay"), and the dialogs they open
 * (decision CON-59). The grid's arrow keys reach every cell and its buttons; Tab leaves it.
 */
export function CrudSection<Row extends CrudRow, Body>(props: CrudSectionProps<Row, Body>) {
  const intl = useIntl();
  const localeText = useGridLocaleText();
  const [open, setOpen] = useState<Open<Row> | null>(null);
  const { title, thing, rows, columns, nameOf, onCreate, onUpdate, onDelete, rowActions, afterWrite } = props;
  const titleText = intl.formatMessage({ id: title }, props.titleValues);
  const thingText = intl.formatMessage({ id: thing });

  const allColumns = useMemo<GridColDef<Row>[]>(() => {
    if (!onUpdate && !onDelete && !rowActions) return [...columns];
    const actions: GridColDef<Row> = {
      field: 'actions',
      type: 'actions',
      headerName: intl.formatMessage({ id: 'crud.actions' }),
      width: rowActions ? 190 : 110,
      renderCell: (params) => {
        const name = nameOf(params.row);
        return (
          <GridActionsCell {...params}>
            {rowActions?.(params.row)}
            {onUpdate && (
              <GridActionsCellItem
                icon={<Edit />}
                label={intl.formatMessage({ id: 'crud.edit' }, { name })}
                onClick={() => setOpen({ mode: 'edit', row: params.row })}
              />
            )}
            {onDelete && (
              <GridActionsCellItem
                icon={<Delete />}
                label={intl.formatMessage({ id: 'crud.delete' }, { name })}
                onClick={() => setOpen({ mode: 'delete', row: params.row })}
              />
            )}
          </GridActionsCell>
        );
      },
    };
    return [...columns, actions];
  }, [columns, intl, nameOf, onDelete, onUpdate, rowActions]);

  const cancel = () => setOpen(null);
  const done = (result: unknown) => {
    setOpen(null);
    afterWrite?.(result);
  };

  return (
    <Box component="section" aria-labelledby={props.headingId} sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography component="h2" variant="h5" id={props.headingId} sx={{ flexGrow: 1 }}>
          {titleText}
        </Typography>
        {onCreate && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setOpen({ mode: 'create' })}>
            {intl.formatMessage({ id: 'crud.add' }, { thing: thingText })}
          </Button>
        )}
      </Box>
      {props.toolbar}
      <ErrorAlert error={props.readError} />
      <DataGrid
        rows={rows ?? []}
        columns={allColumns}
        loading={props.loading && rows === undefined}
        autoHeight
        density="compact"
        disableRowSelectionOnClick
        disableVirtualization
        hideFooter={(rows?.length ?? 0) <= 100}
        initialState={{ pagination: { paginationModel: { pageSize: 100 } } }}
        pageSizeOptions={[100]}
        localeText={{ ...localeText, noRowsLabel: intl.formatMessage({ id: 'crud.empty' }) }}
        aria-label={titleText}
      />
      {open?.mode === 'create' && onCreate && (
        <CrudFormDialog
          title={intl.formatMessage({ id: 'crud.addTitle' }, { thing: thingText })}
          fields={props.fields}
          schema={props.schema}
          initial={props.blank}
          mode="create"
          onSubmit={onCreate}
          onDone={done}
          onCancel={cancel}
        />
      )}
      {open?.mode === 'edit' && onUpdate && (
        <CrudFormDialog
          title={intl.formatMessage({ id: 'crud.editTitle' }, { name: nameOf(open.row) })}
          fields={props.fields}
          schema={props.schema}
          initial={props.valuesOf(open.row)}
          mode="edit"
          onSubmit={(body) => onUpdate(open.row, body)}
          onDone={done}
          onCancel={cancel}
        />
      )}
      {open?.mode === 'delete' && onDelete && (
        <ConfirmDeleteDialog
          name={nameOf(open.row)}
          onDelete={() => onDelete(open.row)}
          onClose={(deleted) => (deleted ? done(null) : cancel())}
        />
      )}
    </Box>
  );
}
