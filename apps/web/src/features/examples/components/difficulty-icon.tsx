import { Badge } from '@mantine/core';
import { IconCircleFilled, IconStarFilled } from '@tabler/icons-react';
import { difficultyColor, difficultyIcon } from '../lib/difficulty';

/** Easy a green, intermediate a yellow, hard a red dot; any other difficulty a star. */
export function DifficultyIcon({ name, size = 12 }: { name: string | undefined; size?: number }) {
  const icon = difficultyIcon(name);
  if (icon.kind === 'star') {
    return (
      <IconStarFilled
        size={size}
        aria-hidden
        data-difficulty-icon="star"
        style={{ color: 'var(--mantine-color-grape-5)', flex: 'none' }}
      />
    );
  }
  return (
    <IconCircleFilled
      size={size}
      aria-hidden
      data-difficulty-icon={icon.color}
      style={{ color: `var(--mantine-color-${icon.color}-6)`, flex: 'none' }}
    />
  );
}

/** Difficulty badge: easy green, intermediate yellow, hard red, insane dark, else grey. */
export function DifficultyBadge({ name }: { name: string | undefined }) {
  const color = difficultyColor(name);
  return (
    <Badge
      color={color}
      variant={color === 'dark' ? 'filled' : 'light'}
      leftSection={<DifficultyIcon name={name} size={10} />}
      data-difficulty-color={color}
    >
      {name ?? 'Unknown'}
    </Badge>
  );
}
