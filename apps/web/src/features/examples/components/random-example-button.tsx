import { Button, type ButtonProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsShuffle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { isNotFound } from '../../../lib/api-error';
import { useRandomExample } from '../api/get-random-example';
import { exampleDetailPath, type ExampleFilters } from '../../../api/example-filters';

export const NO_RANDOM_MATCH = 'No examples match these filters.';

interface RandomExampleButtonProps {
  filters: ExampleFilters;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}

/**
 * 'Random example': opens an example picked at random among those the current filters match,
 * carrying the filters into its page (like the list's links). Says so clearly when none match.
 */
export function RandomExampleButton({
  filters,
  size = 'sm',
  variant = 'light',
}: RandomExampleButtonProps) {
  const navigate = useNavigate();
  const random = useRandomExample();

  const pick = () =>
    random.mutate(filters, {
      onSuccess: ({ example }) => void navigate(exampleDetailPath(example.id, filters)),
      onError: (error) =>
        notifications.show({
          id: 'random-example',
          color: isNotFound(error) ? 'yellow' : 'red',
          title: isNotFound(error) ? 'Nothing to pick from' : 'Could not pick an example',
          message: isNotFound(error) ? error.message || NO_RANDOM_MATCH : error.message,
        }),
    });

  return (
    <Button
      size={size}
      variant={variant}
      leftSection={<IconArrowsShuffle size={16} aria-hidden />}
      loading={random.isPending}
      onClick={pick}
    >
      Random example
    </Button>
  );
}
