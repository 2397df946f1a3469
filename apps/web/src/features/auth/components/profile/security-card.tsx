import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { SectionCard } from '../../../../components/section-card';
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
    <SectionCard titleId="security-title" title="Security" icon={IconShieldLock}>
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
    </SectionCard>
  );
}
