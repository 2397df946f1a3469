import { SimpleGrid, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { MathText } from '../../../components/math/math-text';
import type { SampleSnippet } from '../samples';
import classes from './latex-playground.module.css';

interface SampleSnippetsProps {
  snippets: readonly SampleSnippet[];
  /** Id of the snippet whose text is in the textarea right now, if any. */
  activeId: string | null;
  onPick: (snippet: SampleSnippet) => void;
}

/** Six clickable samples; clicking one loads its text into the textarea. */
export function SampleSnippets({ snippets, activeId, onPick }: SampleSnippetsProps) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" verticalSpacing="sm">
      {snippets.map((snippet) => (
        <UnstyledButton
          key={snippet.id}
          className={classes.snippet}
          data-active={snippet.id === activeId || undefined}
          aria-pressed={snippet.id === activeId}
          onClick={() => onPick(snippet)}
        >
          {/* Named by its visible title (WCAG 2.5.3); the preview below is hidden from readers. */}
          <Text size="sm" fw={700} className={classes.snippetTitle}>
            <VisuallyHidden>Load sample: </VisuallyHidden>
            {snippet.title}
          </Text>
          <div className={classes.snippetPreview} aria-hidden>
            <MathText text={`$${snippet.preview}$`} inline />
          </div>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
