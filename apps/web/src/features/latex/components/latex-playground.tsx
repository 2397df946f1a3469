import { Badge, Box, Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconCheck,
  IconEraser,
  IconRestore,
  IconWand,
} from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { renderRichText } from '@exemplar/shared/math';
import { MathText } from '../../../components/math/math-text';
import { DEFAULT_SAMPLE, EMPTY_HINT, SAMPLE_SNIPPETS, type SampleSnippet } from '../samples';
import classes from './latex-playground.module.css';
import { SampleSnippets } from './sample-snippets';

/** Marker after a failing expression on this page ('Error' on the demo page). */
export const LATEX_PAGE_ERROR_LABEL = 'Error';

/** Counts the failing expressions in rendered HTML (renderRichText is memoised, so this is free). */
function countErrors(text: string): number {
  const html = renderRichText(text, { errorLabel: LATEX_PAGE_ERROR_LABEL });
  return html.split('class="math-error"').length - 1;
}

/** Textarea with sample text, six sample snippets, and the rendered output below. */
export function LatexPlayground() {
  const [text, setText] = useState(DEFAULT_SAMPLE);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [rendered] = useDebouncedValue(text, 150);
  const outputId = useId();
  const isEmpty = rendered.trim() === '';
  const errors = useMemo(() => (isEmpty ? 0 : countErrors(rendered)), [rendered, isEmpty]);

  const load = (snippet: SampleSnippet) => {
    setText(snippet.text);
    setActiveId(snippet.id);
  };
  const edit = (value: string) => {
    setText(value);
    setActiveId(SAMPLE_SNIPPETS.find((s) => s.text === value)?.id ?? null);
  };

  return (
    <Stack gap="lg">
      <Box component="section" aria-labelledby={`${outputId}-samples`}>
        <Group gap={8} mb="xs">
          <IconWand size={18} color="var(--mantine-primary-color-filled)" aria-hidden />
          <Title order={2} fz="md" id={`${outputId}-samples`}>
            Try a sample
          </Title>
        </Group>
        <SampleSnippets snippets={SAMPLE_SNIPPETS} activeId={activeId} onPick={load} />
      </Box>

      <Card p={{ base: 'md', sm: 'lg' }}>
        <Textarea
          label="Your text"
          description="Mix prose with $inline$ and $$display$$ maths. The output below updates as you type."
          value={text}
          onChange={(event) => edit(event.currentTarget.value)}
          autosize
          minRows={6}
          maxRows={18}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          classNames={{ input: classes.editor }}
          aria-controls={outputId}
        />
        <Group justify="space-between" mt="sm" gap="xs">
          <Text size="xs" c="dimmed">
            {text.length.toLocaleString('en')} characters
          </Text>
          <Group gap="xs">
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconRestore size={14} />}
              onClick={() => edit(DEFAULT_SAMPLE)}
              disabled={text === DEFAULT_SAMPLE}
            >
              Reset sample
            </Button>
            <Button
              variant="subtle"
              color="gray"
              size="xs"
              leftSection={<IconEraser size={14} />}
              onClick={() => edit('')}
              disabled={text === ''}
            >
              Clear
            </Button>
          </Group>
        </Group>
      </Card>

      <Card p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={`${outputId}-title`}>
        <Group justify="space-between" mb="md" gap="xs">
          <Title order={2} fz="lg" id={`${outputId}-title`}>
            Rendered output
          </Title>
          {!isEmpty &&
            (errors > 0 ? (
              <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={12} />}>
                {errors === 1 ? '1 error' : `${errors} errors`}
              </Badge>
            ) : (
              <Badge color="teal" variant="light" leftSection={<IconCheck size={12} />}>
                All maths rendered
              </Badge>
            ))}
        </Group>
        <div id={outputId} data-testid="latex-output">
          {isEmpty ? (
            <Group className={classes.hint} justify="center" align="center">
              <Text c="dimmed" ta="center">
                {EMPTY_HINT}
              </Text>
            </Group>
          ) : (
            <MathText
              text={rendered}
              errorLabel={LATEX_PAGE_ERROR_LABEL}
              className={classes.output}
            />
          )}
        </div>
      </Card>
    </Stack>
  );
}
