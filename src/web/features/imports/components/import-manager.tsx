import '@mantine/dropzone/styles.layer.css';
import { Button, Card, Group, List, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { Download, FileSpreadsheet } from 'lucide-react';
import { IMPORT_TEMPLATES, IMPORT_TEMPLATE_KINDS } from '../../../../domain/imports/templates';
import { importTemplateUrl } from '../api/get-import-history';
import { ImportDataPanel } from './import-data-panel';
import { ImportHistory } from './import-history';

function Guidelines() {
  return (
    <Card withBorder radius="md" padding="sm">
      <Title order={3} size="h5">
        Import Guidelines
      </Title>
      <Text size="sm" mt={4}>
        Your file should have these columns:
      </Text>
      <List size="sm" spacing={2} mt={4}>
        <List.Item>First Name</List.Item>
        <List.Item>Last Name</List.Item>
        <List.Item>Phone Number</List.Item>
        <List.Item>Email Address</List.Item>
        <List.Item>Home Address (optional)</List.Item>
        <List.Item>Notes (optional)</List.Item>
      </List>
      <Text size="sm" mt={4}>
        Duplicates are merged by phone and email. Google and Outlook contact exports and vCard files
        (.vcf) from a phone are recognised as they are; other CSV files are matched by their column
        names. Drivers, vehicles and bookings import from their templates (see Templates).
      </Text>
    </Card>
  );
}

function TemplatesPanel() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {IMPORT_TEMPLATE_KINDS.map((kind) => {
        const template = IMPORT_TEMPLATES[kind];
        return (
          <Card key={kind} withBorder radius="md" padding="sm">
            <Group gap="xs" wrap="nowrap">
              <FileSpreadsheet size={20} aria-hidden />
              <Text fw={600}>{template.title}</Text>
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {template.columns.join(', ')}
            </Text>
            <Button
              component="a"
              href={importTemplateUrl(kind)}
              download={template.fileName}
              variant="light"
              size="xs"
              mt="sm"
              leftSection={<Download size={14} aria-hidden />}
              aria-label={`Download ${template.title}`}
            >
              Download CSV
            </Button>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

/** The Import Manager dialog of spec section 2.5: 'Import Data' and 'Templates'. */
export function ImportManager() {
  return (
    <Tabs defaultValue="import">
      <Tabs.List>
        <Tabs.Tab value="import">Import Data</Tabs.Tab>
        <Tabs.Tab value="templates">Templates</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="import" pt="md">
        <Stack gap="md">
          <Guidelines />
          <ImportDataPanel />
          <ImportHistory />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="templates" pt="md">
        <Stack gap="sm">
          <Text size="sm">
            Each template has the header row the importer reads and one example row. Fill it in (the
            columns may be in any order), then import it on the Import Data tab. Drivers are merged
            by phone and email and get no account or invitation; vehicles are merged by plate;
            bookings are read in the business&apos;s time zone and must be upcoming.
          </Text>
          <TemplatesPanel />
        </Stack>
      </Tabs.Panel>
    </Tabs>
  );
}
