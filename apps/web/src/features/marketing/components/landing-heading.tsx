import { Stack, Text, Title } from '@mantine/core';

interface LandingHeadingProps {
  eyebrow: string;
  title: string;
  description?: string;
  id?: string;
}

/** A heading of the landing and about pages: an eyebrow line over a large centred title. */
export function LandingHeading({ eyebrow, title, description, id }: LandingHeadingProps) {
  return (
    <Stack gap="xs" align="center" ta="center" maw={680} mx="auto" mb={{ base: 36, sm: 48 }}>
      <Text
        size="sm"
        fw={700}
        tt="uppercase"
        c="brand"
        style={{ letterSpacing: '0.08em' }}
        component="p"
      >
        {eyebrow}
      </Text>
      <Title order={2} id={id} fz={{ base: 28, sm: 36 }} style={{ letterSpacing: '-0.02em' }}>
        {title}
      </Title>
      {description && (
        <Text c="dimmed" size="lg">
          {description}
        </Text>
      )}
    </Stack>
  );
}
