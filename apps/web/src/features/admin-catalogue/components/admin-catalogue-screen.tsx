import { can } from '@exemplar/shared/roles';
import { Box, Container, Tabs, Text, Title } from '@mantine/core';
import {
  IconBook2,
  IconCategory,
  IconChartBar,
  IconFileImport,
  IconSchool,
  IconStethoscope,
  IconTags,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../../lib/auth/auth-store';
import { AccessDenied } from './access-denied';
import classes from './admin.module.css';
import { CategoriesTab } from './categories-tab';
import { ExamplesTab } from './examples-tab';
import { HealthTab } from './health-tab';
import { ImportExportTab } from './import-export-tab';
import { ScrollingTabsList } from './scrolling-tabs-list';
import { SimpleEntityTab } from './simple-entity-tab';

export const ADMIN_TABS = [
  'subjects',
  'categories',
  'difficulties',
  'types',
  'examples',
  'import-export',
  'health',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** Each tab's label and what it shows (rendered only while the tab is chosen). */
const TABS: Record<AdminTab, { label: string; icon: ReactNode; panel: () => ReactNode }> = {
  subjects: {
    label: 'Subjects',
    icon: <IconSchool size={16} />,
    panel: () => <SimpleEntityTab entity="subjects" />,
  },
  categories: {
    label: 'Categories',
    icon: <IconCategory size={16} />,
    panel: () => <CategoriesTab />,
  },
  difficulties: {
    label: 'Difficulties',
    icon: <IconChartBar size={16} />,
    panel: () => <SimpleEntityTab entity="difficulties" />,
  },
  types: {
    label: 'Types',
    icon: <IconTags size={16} />,
    panel: () => <SimpleEntityTab entity="types" />,
  },
  examples: { label: 'Examples', icon: <IconBook2 size={16} />, panel: () => <ExamplesTab /> },
  'import-export': {
    label: 'Import / Export',
    icon: <IconFileImport size={16} />,
    panel: () => <ImportExportTab />,
  },
  health: {
    label: 'Health',
    icon: <IconStethoscope size={16} />,
    panel: () => <HealthTab />,
  },
};

function isTab(value: string | null): value is AdminTab {
  return (ADMIN_TABS as readonly (string | null)[]).includes(value);
}

/**
 * /admin — catalogue management: one tab per entity, plus Import / Export and Health. The chosen
 * tab is kept in the address (?tab=examples) so a reload or a shared link opens it again.
 */
export function AdminCatalogueScreen() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = isTab(requested) ? requested : 'subjects';

  if (!can(user?.groups, 'catalogue:write')) return <AccessDenied />;

  return (
    <>
      <Box component="header" className={classes.hero} py={{ base: 'lg', sm: 28 }}>
        <Container>
          <Title order={1} fz={{ base: 26, sm: 32 }} style={{ letterSpacing: '-0.02em' }}>
            Catalogue Admin
          </Title>
          <Text c="dimmed" mt={4} maw={640}>
            Add, edit and remove the subjects, categories, difficulties, types and worked examples
            everyone browses.
          </Text>
        </Container>
      </Box>
      <Container py={{ base: 'md', sm: 'lg' }}>
        <Tabs
          value={tab}
          onChange={(value) => {
            if (!isTab(value)) return;
            setParams(value === 'subjects' ? {} : { tab: value }, { replace: true });
          }}
          keepMounted={false}
          variant="outline"
        >
          <ScrollingTabsList active={tab}>
            {ADMIN_TABS.map((value) => (
              <Tabs.Tab key={value} value={value} leftSection={TABS[value].icon}>
                {TABS[value].label}
              </Tabs.Tab>
            ))}
          </ScrollingTabsList>
          {ADMIN_TABS.map((value) => (
            <Tabs.Panel key={value} value={value}>
              {TABS[value].panel()}
            </Tabs.Panel>
          ))}
        </Tabs>
      </Container>
    </>
  );
}
