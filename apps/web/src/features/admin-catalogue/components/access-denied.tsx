import { Button, Card, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** A signed-in user without the catalogue:write permission. */
export function AccessDenied() {
  return (
    <Container size="xs" py={{ base: 40, sm: 72 }}>
      <Card padding="xl">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="red">
            <IconLock size={28} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Access Denied
          </Title>
          <Text c="dimmed">
            Only admins can manage the catalogue. If you think you should have access, ask a super
            admin to give your account the Admin role.
          </Text>
          <Button component={Link} to={paths.home} leftSection={<IconHome size={18} />}>
            Back to home
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}
