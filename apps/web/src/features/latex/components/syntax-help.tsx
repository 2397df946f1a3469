import { Code, Divider, Stack, Text } from '@mantine/core';
import { MathText } from '../../../components/math/math-text';

const rows: Array<{ write: string; label: string }> = [
  { write: '$a^2 + b^2 = c^2$', label: 'Inline maths' },
  { write: '$$\\sum_{k=1}^{n} k$$', label: 'Centred block maths' },
  { write: '\\( … \\)   \\[ … \\]', label: 'LaTeX-style delimiters' },
  { write: '\\begin{align*} … \\end{align*}', label: 'Aligned equations' },
  { write: '\\$5', label: 'A literal dollar sign' },
];

/** A short reference of the syntax the renderer understands, with a live error example. */
export function SyntaxHelp() {
  return (
    <Stack gap="sm">
      <Stack gap={10} component="dl" m={0}>
        {rows.map((row) => (
          <div key={row.label}>
            <Text component="dt" size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
              {row.label}
            </Text>
            <Text component="dd" m={0}>
              <Code fz="sm">{row.write}</Code>
            </Text>
          </div>
        ))}
      </Stack>
      <Divider my={4} />
      <Text size="sm" c="dimmed">
        An expression that cannot be rendered keeps its source and gets a red marker:
      </Text>
      <MathText text={'$\\frac{1}{2$ and $\\unknown{x}$'} errorLabel="Error" />
    </Stack>
  );
}
