import type { GridLocaleText } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { useConsoleRuntime } from '../../runtime-config/console-runtime.ts';

/** The grid's own texts (sorting, paging, "no rows") in the customer's language: Spanish or MUI's English. */
export function useGridLocaleText(): Partial<GridLocaleText> {
  const { locale } = useConsoleRuntime();
  return locale.toLowerCase().startsWith('es') ? esES.components.MuiDataGrid.defaultProps.localeText : {};
}
