import { Button, Card, Group, Skeleton, Stack, Text, ThemeIcon, Timeline } from '@mantine/core';
import {
  IconBook2,
  IconEdit,
  IconHistory,
  IconPlus,
  IconRefresh,
  IconShieldCheck,
  IconTrash,
  IconUser,
} from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/query-state/error-alert';
import { errorMessage } from '../api/admin-user';
import { RECENT_AUDIT_LIMIT, useAuditLog, type AuditEntryView } from '../api/get-audit-log';
import {
  auditActor,
  describeAuditEntry,
  type AuditDescription,
  type AuditTone,
} from '../lib/audit-format';
import { formatDateTime, formatRelative } from '../lib/format';
import classes from './admin-users.module.css';
import { SectionHeading } from '../../../components/section-heading';

const TONE_COLORS: Readonly<Record<AuditTone, string>> = {
  create: 'teal',
  update: 'brand',
  delete: 'red',
  role: 'yellow',
  other: 'gray',
};

function BulletIcon({ description }: { description: AuditDescription }) {
  const size = 14;
  switch (description.tone) {
    case 'create':
      return <IconPlus size={size} />;
    case 'delete':
      return <IconTrash size={size} />;
    case 'role':
      return <IconShieldCheck size={size} />;
    case 'update':
      return description.kind === 'user' ? <IconUser size={size} /> : <IconEdit size={size} />;
    default:
      return <IconBook2 size={size} />;
  }
}

function AuditItem({ entry }: { entry: AuditEntryView }) {
  const description = describeAuditEntry(entry);
  return (
    <Timeline.Item
      className={classes.auditItem}
      bullet={
        <ThemeIcon
          size={24}
          radius="xl"
          variant="light"
          color={TONE_COLORS[description.tone]}
          aria-hidden
        >
          <BulletIcon description={description} />
        </ThemeIcon>
      }
      title={
        <Text size="sm" fw={500} component="span">
          {description.summary}
        </Text>
      }
    >
      <Text size="xs" c="dimmed">
        by {auditActor(entry)} ·{' '}
        <time dateTime={entry.createdAt} title={formatDateTime(entry.createdAt)}>
          {formatRelative(entry.createdAt)}
        </time>
      </Text>
    </Timeline.Item>
  );
}

/** The newest entries of the audit log, in words (superadmin dashboard). */
export function AuditLogPanel() {
  const audit = useAuditLog(RECENT_AUDIT_LIMIT);

  return (
    <Card
      padding="lg"
      component="section"
      aria-labelledby="audit-title"
      className={classes.listCard}
    >
      <Group justify="space-between" mb={4} wrap="nowrap">
        <SectionHeading id="audit-title" icon={IconHistory}>
          Recent Activity
        </SectionHeading>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconRefresh size={14} />}
          onClick={() => void audit.refetch()}
          loading={audit.isFetching && !audit.isPending}
        >
          Refresh
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="lg">
        The latest {RECENT_AUDIT_LIMIT} changes to accounts and the catalogue.
      </Text>

      {audit.isPending ? (
        <Stack gap="md" aria-label="Loading activity" role="status">
          {[0, 1, 2, 3].map((i) => (
            <Group key={i} gap="sm" wrap="nowrap">
              <Skeleton circle height={24} />
              <Stack gap={6} flex={1}>
                <Skeleton height={10} width="70%" />
                <Skeleton height={8} width="40%" />
              </Stack>
            </Group>
          ))}
        </Stack>
      ) : audit.isError ? (
        <ErrorAlert title="Failed to load the audit log">{errorMessage(audit.error)}</ErrorAlert>
      ) : audit.data.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          No activity yet.
        </Text>
      ) : (
        <Timeline bulletSize={24} lineWidth={2} aria-label="Audit log">
          {audit.data.map((entry) => (
            <AuditItem key={entry.id} entry={entry} />
          ))}
        </Timeline>
      )}
    </Card>
  );
}
