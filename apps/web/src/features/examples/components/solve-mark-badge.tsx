import { Badge, VisuallyHidden } from '@mantine/core';
import type { Example } from '@exemplar/shared/catalogue';
import { IconLifebuoy, IconSparkles } from '@tabler/icons-react';

export type SolveMark = NonNullable<Example['solveMark']>;

export const SOLVE_MARK_LABELS: Record<SolveMark, string> = {
  'without-help': 'Solved without help',
  'with-help': 'Solved with help',
};

const LOOKS: Record<SolveMark, { color: string; icon: typeof IconSparkles }> = {
  'without-help': { color: 'teal', icon: IconSparkles },
  'with-help': { color: 'gray', icon: IconLifebuoy },
};

/**
 * How a checked answer solved the example: a quiet light badge, teal with sparkles without help,
 * grey with a lifebuoy with help. On a card only the icon shows (its name is read out and shown on
 * hover); on the example page and in a verdict, the words too.
 */
export function SolveMarkBadge({ mark, compact = false }: { mark: SolveMark; compact?: boolean }) {
  const { color, icon: Icon } = LOOKS[mark];
  const label = SOLVE_MARK_LABELS[mark];
  if (compact) {
    return (
      <Badge
        variant="light"
        color={color}
        circle
        size="lg"
        title={label}
        data-testid="solve-mark"
        data-mark={mark}
      >
        <Icon size={14} aria-hidden style={{ display: 'block' }} />
        <VisuallyHidden>{label}</VisuallyHidden>
      </Badge>
    );
  }
  return (
    <Badge
      variant="light"
      color={color}
      tt="none"
      size="md"
      leftSection={<Icon size={14} aria-hidden />}
      data-testid="solve-mark"
      data-mark={mark}
    >
      {label}
    </Badge>
  );
}
