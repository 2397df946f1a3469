import {
  ANSWER_FORMS,
  ANSWER_KINDS,
  CHOICE_LETTERS,
  type AnswerSpec,
} from '@exemplar/shared/answer-spec';
import { Button, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowBackUp, IconPencil } from '@tabler/icons-react';
import {
  DEFAULT_SPEC,
  describeSpec,
  FORM_LABELS,
  KIND_LABELS,
  withKind,
} from '../lib/answer-spec-words';

interface AnswerSpecFieldsProps {
  /** The spec an editor set, or null: inferred from the answer and question. */
  value: AnswerSpec | null;
  /** The spec the checker infers, when known (the saved example's, or the last try's). */
  inferred: AnswerSpec | null;
  onChange: (spec: AnswerSpec | null) => void;
  /** Why the spec cannot be saved, if it cannot. */
  error?: string;
}

const kindOptions = ANSWER_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));
const formOptions = ANSWER_FORMS.map((form) => ({ value: form, label: FORM_LABELS[form] }));
const letterOptions = CHOICE_LETTERS.map((letter) => ({ value: letter, label: letter }));

/**
 * What counts as a right answer: "Inferred from the answer" (with what was inferred, when known)
 * until an editor sets it; then its kind, form, unit, tolerance and (multiple choice only) the
 * right letter, and a way back to inferred.
 */
export function AnswerSpecFields({ value, inferred, onChange, error }: AnswerSpecFieldsProps) {
  if (value === null) {
    return (
      <Stack gap={6}>
        <Text size="sm" data-testid="answer-spec-inferred">
          <Text span fw={600}>
            Inferred from the answer
          </Text>
          {inferred
            ? `: ${describeSpec(inferred)}.`
            : ' (try an answer below to see what is inferred).'}
        </Text>
        <div>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} aria-hidden />}
            onClick={() => onChange(inferred ?? DEFAULT_SPEC)}
          >
            Set it by hand
          </Button>
        </div>
        {error ? (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    );
  }
  const unchecked = value.kind === 'none';
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs">
        <Select
          label="Kind of answer"
          description="What a learner gives."
          data={kindOptions}
          value={value.kind}
          allowDeselect={false}
          onChange={(kind) => kind && onChange(withKind(value, kind as AnswerSpec['kind']))}
        />
        {value.kind === 'choice' ? (
          <Select
            label="Right letter"
            description="Its value is the answer above."
            required
            placeholder="Choose a letter"
            data={letterOptions}
            value={value.choice}
            allowDeselect={false}
            onChange={(letter) =>
              onChange({ ...value, choice: (letter as AnswerSpec['choice']) ?? null })
            }
          />
        ) : null}
        {unchecked ? null : (
          <>
            <Select
              label="Form"
              description="How the answer must be written."
              data={formOptions}
              value={value.form}
              allowDeselect={false}
              onChange={(form) => form && onChange({ ...value, form: form as AnswerSpec['form'] })}
            />
            <TextInput
              label="Unit"
              description="Empty: none. Another unit of the same kind is converted."
              placeholder="e.g. m/s"
              value={value.unit ?? ''}
              onChange={(event) => onChange({ ...value, unit: event.currentTarget.value || null })}
            />
            <NumberInput
              label="Tolerance"
              description="Empty: exact. 0.005 accepts 2.58 for 2.581."
              placeholder="e.g. 0.005"
              min={0}
              decimalScale={10}
              value={value.tolerance ?? ''}
              onChange={(tolerance) =>
                onChange({ ...value, tolerance: typeof tolerance === 'number' ? tolerance : null })
              }
            />
          </>
        )}
      </SimpleGrid>
      {error ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      ) : null}
      <div>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconArrowBackUp size={14} aria-hidden />}
          onClick={() => onChange(null)}
        >
          Go back to inferred
        </Button>
      </div>
    </Stack>
  );
}
