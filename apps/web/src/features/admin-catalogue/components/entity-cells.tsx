import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Options of a Select from catalogue rows: the id as value, the name as label. */
export function optionsOf(rows: readonly { id: number; name: string }[] | undefined) {
  return (rows ?? []).map((row) => ({ value: String(row.id), label: row.name }));
}

/** A list cell's text that wraps anywhere (long names and maths have no spaces to break at). */
export function WrappingText({
  bold,
  title,
  children,
}: {
  bold?: boolean;
  title?: string;
  children: ReactNode;
}) {
  return (
    <Text fw={bold ? 600 : undefined} size="sm" title={title} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

/** A description cut to `lines` lines, or a dimmed dash when there is none. */
export function DescriptionCell({ text, lines }: { text: string; lines: number }) {
  return text ? (
    <Text size="sm" lineClamp={lines}>
      {text}
    </Text>
  ) : (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}
