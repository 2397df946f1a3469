import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconBook2, IconCards } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SignInCard } from '../../../components/sign-in-card';
import { paths } from '../../../lib/paths';

/** While the queue or the counts load. */
export function ReviewLoading({ label = 'Loading your reviews…' }: { label?: string }) {
  return (
    <Center mih={240} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" type="dots" />
        <Text c="dimmed" size="sm" fw={500}>
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

/** /review for a visitor: what reviews are, and sign in or register to use them. */
export function ReviewSignIn() {
  return (
    <Center py={{ base: 'xl', sm: 64 }} px="md">
      <SignInCard
        icon={IconCards}
        title="Review what you have learnt"
        next={paths.review}
        maw={500}
        footer={
          <Button
            component={Link}
            to={paths.examples}
            variant="subtle"
            leftSection={<IconBook2 size={18} />}
          >
            Browse examples
          </Button>
        }
      >
        Reviews bring examples back just before you would forget them. Log in to add examples to
        your reviews and work through the ones due today.
      </SignInCard>
    </Center>
  );
}
