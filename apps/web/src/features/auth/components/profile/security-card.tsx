import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import type { CurrentUser } from '../../api/get-me';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Group>
  );
}

/** Email verification and account status, as the server reports them. */
export function SecurityCard({ user }: { user: CurrentUser }) {
  return (
    <Card padding="lg" component="section" aria-labelledby="security-title">
      <Group gap="xs" mb="md" wrap="nowrap">
        <IconShieldLock size={20} stroke={1.7} />
        <Title order={2} size="h4" id="security-title">
          Security
        </Title>
      </Group>
      <Stack gap="sm">
        <Row label="Email">
          <Badge color={user.emailVerified ? 'teal' : 'orange'} variant="light">
            {user.emailVerified ? 'Verified' : 'Not Verified'}
          </Badge>
        </Row>
        <Row label="Account">
          <Badge color={user.enabled ? 'teal' : 'red'} variant="light">
            {user.enabled ? 'Active' : 'Disabled'}
          </Badge>
        </Row>
      </Stack>
    </Card>
  );
}
