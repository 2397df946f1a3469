import { Code, Divider, Stack, Text } from '@mantine/core';
import { MathText } from '../../../components/math/math-text';
import { PRICE_SAMPLE } from '../samples';
import classes from './latex-playground.module.css';

const rows: Array<{ write: string; label: string; note?: string }> = [
  { write: '$a^2 + b^2 = c^2$', label: 'Inline maths' },
  { write: '$$\\sum_{k=1}^{n} k$$', label: 'Centred block maths' },
  { write: '\\( … \\)   \\[ … \\]', label: 'LaTeX-style delimiters' },
  { write: '\\begin{align*} … \\end{align*}', label: 'Aligned equations' },
  { write: '\\$5', label: 'A literal dollar sign' },
  {
    write: PRICE_SAMPLE,
    label: 'Prices in prose',
    note: 'A $ right before an amount, with words or the next price after it, is a dollar sign, so prices stay text; anything else between two $ is maths, as in LaTeX. Writing \\$ is always safe.',
  },
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
              {row.note && (
                <>
                  <span className={classes.shows}>
                    <Text span size="sm" c="dimmed">
                      shows as{' '}
                    </Text>
                    <MathText text={row.write} inline />
                  </span>
                  <Text size="xs" c="dimmed" mt={4}>
                    {row.note}
                  </Text>
                </>
              )}
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
