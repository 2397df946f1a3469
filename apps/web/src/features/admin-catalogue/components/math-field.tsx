import { checkMath, type MathIssue } from '@exemplar/shared/math';
import { Box, Code, Group, List, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { MathText } from '../../../components/math/math-text';
import { countOf } from '../lib/entities';
import classes from './admin.module.css';

interface MathFieldProps {
  label: string;
  required?: boolean;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  minRows?: number;
  placeholder?: string;
}

/** 'Question has 1 expression that will not render.' */
export function mathIssuesSummary(label: string, issues: readonly MathIssue[]): string {
  const n = countOf(issues.length, 'expression');
  return `${label} has ${n} that will not render.`;
}

/**
 * A LaTeX text field with a live preview beside it (below it on phones), rendered by the one maths
 * renderer exactly as the example lists show it, and a list of the expressions that fail.
 */
export function MathField({
  label,
  required,
  description,
  value,
  onChange,
  onBlur,
  error,
  minRows = 3,
  placeholder,
}: MathFieldProps) {
  const [shown] = useDebouncedValue(value, 200);
  const issues = useMemo(() => checkMath(shown), [shown]);
  const issuesId = useId();

  return (
    <Stack gap={6}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="xs">
        <Textarea
          label={label}
          required={required}
          description={description}
          placeholder={placeholder}
          autosize
          minRows={minRows}
          maxRows={14}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
          error={error}
          className={classes.mono}
          aria-describedby={issues.length ? issuesId : undefined}
          spellCheck={false}
        />
        <Box>
          <Text size="sm" fw={500} c="dimmed" mb={4} aria-hidden>
            Preview
          </Text>
          <Box
            role="region"
            aria-label={`${label} preview`}
            className={classes.preview}
            p="sm"
            fz="sm"
            style={{
              borderRadius: 'var(--mantine-radius-md)',
              border: '1px solid var(--mantine-color-default-border)',
            }}
          >
            {shown.trim() ? (
              <MathText text={shown} errorLabel="(LaTeX Error)" />
            ) : (
              <Text size="sm" c="dimmed" fs="italic">
                Nothing to preview yet.
              </Text>
            )}
          </Box>
        </Box>
      </SimpleGrid>
      {issues.length > 0 && (
        <Box id={issuesId} role="status" aria-live="polite" aria-label={`${label} maths problems`}>
          <Group gap={6} wrap="nowrap" c="orange">
            <IconAlertTriangle size={16} style={{ flexShrink: 0 }} aria-hidden />
            <Text size="sm" fw={600} c="orange">
              {mathIssuesSummary(label, issues)}
            </Text>
          </Group>
          <List size="sm" spacing={2} mt={4} pl="md">
            {issues.map((issue, i) => (
              <List.Item key={`${i}-${issue.source}`}>
                <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  {issue.source}
                </Code>{' '}
                <Text span size="sm" c="dimmed">
                  {/* KaTeX underlines the culprit with combining low lines: plain text here. */}
                  {issue.message.replace(/\u0332/g, '')}
                </Text>
              </List.Item>
            ))}
          </List>
        </Box>
      )}
    </Stack>
  );
}
