import { Center, Container, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconHome } from '@tabler/icons-react';
import { paths } from '../lib/paths';
import { LinkButtons, type LinkButton } from './link-buttons';

const WAYS_BACK: LinkButton[] = [
  { to: paths.home, label: 'Back to home', icon: IconHome },
  {
    to: paths.examples,
    label: 'Browse examples',
    icon: IconArrowRight,
    iconAfter: true,
    variant: 'default',
  },
];

export function NotFoundScreen() {
  return (
    <Center mih="70vh" px="md" py={64}>
      <title>Page not found — Exemplar</title>
      <Container size={560} p={0}>
        <Stack align="center" ta="center" gap="md">
          <Text
            component="p"
            fw={900}
            fz={{ base: 96, sm: 128 }}
            lh={1}
            variant="gradient"
            aria-hidden="true"
            style={{ letterSpacing: '-0.04em' }}
          >
            404
          </Text>
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            This page doesn&apos;t exist
          </Title>
          <Text c="dimmed" size="lg">
            The address may be mistyped, or the page may have moved. Like a missing step in a proof,
            it&apos;s easier to start again from something you know.
          </Text>
          <LinkButtons links={WAYS_BACK} justify="center" mt="sm" />
        </Stack>
      </Container>
    </Center>
  );
}
