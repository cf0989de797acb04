import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { EditorTabs } from '../../ui/crud/EditorTabs.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { AssetsEditor } from './AssetsEditor.tsx';
import { AssetTypesEditor } from './AssetTypesEditor.tsx';
import { ParLevelsEditor } from './ParLevelsEditor.tsx';
import { SensorsEditor } from './SensorsEditor.tsx';

const tabs = [
  { id: 'asset-types', label: 'equipment.tab.assetTypes', render: () => <AssetTypesEditor /> },
  { id: 'assets', label: 'equipment.tab.assets', render: () => <AssetsEditor /> },
  { id: 'sensors', label: 'equipment.tab.sensors', render: () => <SensorsEditor /> },
  { id: 'par-levels', label: 'equipment.tab.parLevels', render: () => <ParLevelsEditor /> },
] as const;

/** The equipment editors and PAR levels per location (product.md §8–§9, decision CON-61). */
export function EquipmentPage() {
  const intl = useIntl();
  return (
    <>
      <PageHeading>{intl.formatMessage({ id: 'nav.equipment' })}</PageHeading>
      <Typography sx={{ maxWidth: '70ch', mb: 2 }}>
        {intl.formatMessage({ id: 'page.equipment.description' })}
      </Typography>
      <EditorTabs tabs={tabs} label="equipment.tabs" />
    </>
  );
}
