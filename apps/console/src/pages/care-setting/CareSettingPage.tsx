import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import { EditorTabs } from '../../ui/crud/EditorTabs.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { AdtMappingEditor } from './AdtMappingEditor.tsx';
import { DepartmentsEditor } from './DepartmentsEditor.tsx';
import { FeedRulesEditor } from './FeedRulesEditor.tsx';
import { LocationsEditor } from './LocationsEditor.tsx';
import { SitesEditor } from './SitesEditor.tsx';
import { StaffEditor } from './StaffEditor.tsx';
import { StaffTypesEditor } from './StaffTypesEditor.tsx';
import { StationsEditor } from './StationsEditor.tsx';
import { TagsEditor } from './TagsEditor.tsx';
import { WorkflowsEditor } from './WorkflowsEditor.tsx';

/** The order a new hospital fills them in (product.md §8). */
const tabs = [
  { id: 'sites', label: 'careSetting.tab.sites', render: () => <SitesEditor /> },
  { id: 'departments', label: 'careSetting.tab.departments', render: () => <DepartmentsEditor /> },
  { id: 'workflows', label: 'careSetting.tab.workflows', render: () => <WorkflowsEditor /> },
  { id: 'locations', label: 'careSetting.tab.locations', render: () => <LocationsEditor /> },
  { id: 'stations', label: 'careSetting.tab.stations', render: () => <StationsEditor /> },
  { id: 'staff', label: 'careSetting.tab.staff', render: () => <StaffEditor /> },
  { id: 'staff-types', label: 'careSetting.tab.staffTypes', render: () => <StaffTypesEditor /> },
  { id: 'tags', label: 'careSetting.tab.tags', render: () => <TagsEditor /> },
  // Where the feeds put what they bring (decisions FEED-43 to FEED-45, FEED-55).
  { id: 'feed-rules', label: 'careSetting.tab.feedRules', render: () => <FeedRulesEditor /> },
  { id: 'adt-mapping', label: 'careSetting.tab.adtMapping', render: () => <AdtMappingEditor /> },
] as const;

/** The care setting's editors, one tab per kind of record (product.md §8–§9, decision CON-61). */
export function CareSettingPage() {
  const intl = useIntl();
  return (
    <>
      <PageHeading>{intl.formatMessage({ id: 'nav.careSetting' })}</PageHeading>
      <Typography sx={{ maxWidth: '70ch', mb: 2 }}>
        {intl.formatMessage({ id: 'page.careSetting.description' })}
      </Typography>
      <EditorTabs tabs={tabs} label="careSetting.tabs" />
    </>
  );
}
