import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { type ReactNode, useId } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { MessageId } from '../../i18n/en-US.ts';

export interface EditorTab {
  /** The tab's word in the address (`?tab=locations`), so a link or a reload opens it. */
  readonly id: string;
  readonly label: MessageId;
  readonly render: () => ReactNode;
}

/**
 * A page's sub-sections as an accessible tab list (decision CON-61): arrow keys move between
 * tabs, Tab enters the panel, each panel is labelled by its tab; the chosen tab is in the URL.
 * Tabs scroll rather than wrap on a 1024 px tablet.
 */
export function EditorTabs({
  tabs,
  label,
}: {
  readonly tabs: readonly EditorTab[];
  readonly label: MessageId;
}) {
  const intl = useIntl();
  const prefix = useId();
  const [params, setParams] = useSearchParams();
  const first = tabs[0];
  const current = tabs.find((tab) => tab.id === params.get('tab')) ?? first;
  if (!current) return null;
  const tabId = (id: string) => `${prefix}-tab-${id}`;
  const panelId = (id: string) => `${prefix}-panel-${id}`;
  return (
    <>
      <Tabs
        value={current.id}
        onChange={(_event, id: string) => setParams({ tab: id }, { replace: true })}
        aria-label={intl.formatMessage({ id: label })}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.id}
            value={tab.id}
            label={intl.formatMessage({ id: tab.label })}
            id={tabId(tab.id)}
            // Only the shown panel exists: a reference to an absent one is an ARIA error.
            aria-controls={tab.id === current.id ? panelId(tab.id) : undefined}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={panelId(current.id)} aria-labelledby={tabId(current.id)}>
        {current.render()}
      </Box>
    </>
  );
}
