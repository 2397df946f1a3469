import { Button, Group } from '@mantine/core';
import type { HelpKind } from '@exemplar/shared/attempts';
import type { Example } from '@exemplar/shared/catalogue';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useServerRender } from '../../../lib/hydration';
import { usePracticeMode } from '../hooks/use-practice-mode';
import { MathSection } from './math-section';

type Part = 'answer' | 'procedure';

const LABELS: Record<Part, string> = { answer: 'Answer', procedure: 'Procedure' };

/**
 * Answer and (if any) Procedure of an example. In practice mode each stays hidden behind a
 * 'Show answer' / 'Show procedure' button until revealed; turning practice mode on hides them again.
 */
export function ExampleSolution({
  example,
}: {
  example: Example;
  /** Answer and procedure concealed, as practice mode does (the learner is trying it). */
  concealed?: boolean;
  /** Called on each step or answer the learner reveals. */
  onHelp?: (kind: HelpKind) => void;
}) {
  const [practice] = usePracticeMode();
  const [revealed, setRevealed] = useState<Record<Part, boolean>>({
    answer: false,
    procedure: false,
  });
  const [lastPractice, setLastPractice] = useState(practice);
  // Drawn by the server, which cannot know practice mode: marked, so that the page's first script
  // (color-scheme.js) hides them before paint when practice mode is on, until the app has taken
  // over (then this state decides alone).
  const serverRendered = useServerRender();
  if (practice !== lastPractice) {
    setLastPractice(practice);
    setRevealed({ answer: false, procedure: false });
  }

  const parts: Array<{ part: Part; text: string }> = [{ part: 'answer', text: example.answer }];
  if (example.procedure?.trim()) parts.push({ part: 'procedure', text: example.procedure });

  const hidden = practice ? parts.filter(({ part }) => !revealed[part]) : [];
  const shown = parts.filter(({ part }) => !hidden.some((h) => h.part === part));
  const set = (part: Part, value: boolean) => setRevealed((state) => ({ ...state, [part]: value }));

  return (
    <>
      {shown.map(({ part, text }) => (
        <MathSection
          key={part}
          label={LABELS[part]}
          text={text}
          tone={part}
          practicePart={serverRendered ? part : undefined}
          action={
            practice ? (
              <Button
                variant="subtle"
                color="gray"
                size="compact-xs"
                leftSection={<IconEyeOff size={14} aria-hidden />}
                onClick={() => set(part, false)}
              >
                Hide {part}
              </Button>
            ) : undefined
          }
        />
      ))}
      {hidden.length > 0 ? (
        <Group gap="xs" data-testid="practice-reveal">
          {hidden.map(({ part }) => (
            <Button
              key={part}
              variant="light"
              color={part === 'answer' ? 'teal' : 'gray'}
              size="sm"
              leftSection={<IconEye size={16} aria-hidden />}
              onClick={() => set(part, true)}
            >
              Show {part}
            </Button>
          ))}
        </Group>
      ) : null}
    </>
  );
}
