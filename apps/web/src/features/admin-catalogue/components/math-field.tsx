import {
  checkMath,
  dollarWarnings,
  type DollarWarning,
  type MathIssue,
} from '@exemplar/shared/math';
import { Box, Code, Group, List, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCurrencyDollar } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef } from 'react';
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

/**
 * What in `text` will not render: KaTeX errors and unclosed `\(`, `\[` or `\begin{`. A `$` or
 * `$$` without its closer is left to dollarWarnings: it shows as a dollar sign, not as an error.
 */
export function renderProblems(text: string): MathIssue[] {
  return checkMath(text).filter(
    (issue) => !(issue.kind === 'unbalanced' && (issue.source === '$' || issue.source === '$$')),
  );
}

/** Dollar warnings listed under a field; the rest are counted. */
const MAX_DOLLAR_WARNINGS = 5;

/** 'Question has 1 expression that will not render.' */
export function mathIssuesSummary(label: string, issues: readonly MathIssue[]): string {
  const n = countOf(issues.length, 'expression');
  return `${label} has ${n} that will not render.`;
}

/**
 * A LaTeX text field with a live preview beside it (below it on phones), rendered by the one maths
 * renderer exactly as the example lists show it, a list of the expressions that fail, and a
 * warning about dollar signs shown as text that look like maths delimiters.
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
  const issues = useMemo(() => renderProblems(shown), [shown]);
  const dollars = useMemo(() => dollarWarnings(shown), [shown]);
  const inputId = useId();
  const issuesId = useId();
  const dollarsId = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  // Mantine sets aria-describedby itself (description and error only, overriding a prop), so the
  // lists below are added to it here, after each render that can change it.
  useEffect(() => {
    const ids = [
      error ? `${inputId}-error` : '',
      description ? `${inputId}-description` : '',
      issues.length ? issuesId : '',
      dollars.length ? dollarsId : '',
    ].filter(Boolean);
    if (ids.length) input.current?.setAttribute('aria-describedby', ids.join(' '));
    else input.current?.removeAttribute('aria-describedby');
  }, [error, description, inputId, issues.length, issuesId, dollars.length, dollarsId]);

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
          id={inputId}
          ref={input}
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
      {dollars.length > 0 && <DollarWarnings id={dollarsId} label={label} warnings={dollars} />}
    </Stack>
  );
}

/**
 * A warning, not an error (saving is not held up): dollar signs shown as text although they look
 * like maths delimiters, each said in plain words with where it is and what to write instead.
 */
function DollarWarnings({
  id,
  label,
  warnings,
}: {
  id: string;
  label: string;
  warnings: readonly DollarWarning[];
}) {
  const more = warnings.length - MAX_DOLLAR_WARNINGS;
  return (
    <Box id={id} role="status" aria-live="polite" aria-label={`${label} dollar signs`}>
      <Group gap={6} wrap="nowrap">
        <IconCurrencyDollar
          size={16}
          style={{ flexShrink: 0 }}
          color="var(--mantine-color-yellow-filled)"
          aria-hidden
        />
        <Text size="sm" fw={600}>
          Check the dollar signs in the {label.toLowerCase()}
        </Text>
      </Group>
      <List size="sm" spacing={2} mt={4} pl="md">
        {warnings.slice(0, MAX_DOLLAR_WARNINGS).map((warning) => (
          <List.Item key={warning.index}>
            <Text span size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {warning.message}
            </Text>
          </List.Item>
        ))}
      </List>
      {more > 0 && (
        <Text size="sm" c="dimmed" mt={2} pl="md">
          and {countOf(more, 'more dollar sign')} like these.
        </Text>
      )}
    </Box>
  );
}
