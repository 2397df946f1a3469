import { type Example, type ExampleStatus } from '@exemplar/shared/catalogue';
import { ExampleInputSchema, type ExampleInput } from '@exemplar/shared/catalogue-writes';
import type { AnswerSpec, TestAnswer } from '@exemplar/shared/answer-spec';
import { Anchor, Group, Input, SegmentedControl, Select, SimpleGrid } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-error';
import { categoryOptions } from '../lib/category-tree';
import { fieldErrors, toId } from '../lib/form-validation';
import { AnswerChecking } from './answer-checking';
import { CategorySelect } from './category-select';
import { EntityForm } from './entity-form';
import { DuplicateQuestionAlert, MathWarningsAlert } from './example-form-alerts';
import { MathField, mathIssuesSummary, renderProblems } from './math-field';
import type { Lookups } from './use-lookups';
import { useSaveForm } from './use-save-form';

interface ExampleFormProps {
  lookups: Lookups;
  row: Example | null;
  /** Subject and category to start a new example in (the table's filters). */
  defaults?: { subjectId?: number; categoryId?: number };
  onDone: () => void;
}

const MATH_FIELDS = [
  { key: 'question', label: 'Question' },
  { key: 'answer', label: 'Answer' },
  { key: 'procedure', label: 'Procedure' },
] as const;

/** The fields whose maths would not render, e.g. ['Question has 1 expression that will not render.']. */
function mathWarnings(values: Record<(typeof MATH_FIELDS)[number]['key'], string>): string[] {
  return MATH_FIELDS.flatMap(({ key, label }) => {
    const issues = renderProblems(values[key]);
    return issues.length ? [mathIssuesSummary(label, issues)] : [];
  });
}

/** The example a refused save's question repeats (409, reason DuplicateQuestion), if that was why. */
function repeatedExample(error: Error | null): number | undefined {
  return error instanceof ApiError && error.reason === 'DuplicateQuestion'
    ? error.existingId
    : undefined;
}

/**
 * Add or edit an example: difficulty, type, category, question and answer required, procedure
 * optional; how its answer is checked (AnswerChecking: the spec and test answers). Question, answer and procedure preview live; maths that fails to render is
 * flagged, and saving it anyway needs a confirmation. A question repeating another example's is
 * refused by the server: the form links to that example and offers to save anyway
 * (allowDuplicate).
 */
export function ExampleForm({ lookups, row, defaults, onDone }: ExampleFormProps) {
  const initialCategory = row?.categoryId ?? defaults?.categoryId;
  const initialSubject =
    row?.subjectId ??
    (initialCategory !== undefined
      ? lookups.tree.byId.get(initialCategory)?.subjectId
      : undefined) ??
    defaults?.subjectId;
  const form = useForm({
    initialValues: {
      subjectId: (initialSubject ? String(initialSubject) : null) as string | null,
      categoryId: (initialCategory ? String(initialCategory) : null) as string | null,
      difficultyId: (row ? String(row.difficultyId) : null) as string | null,
      typeId: (row ? String(row.typeId) : null) as string | null,
      question: row?.question ?? '',
      answer: row?.answer ?? '',
      procedure: row?.procedure ?? '',
      // A new example starts as a draft: nobody but editors sees it until it is published.
      status: (row?.status ?? (row ? 'published' : 'draft')) as ExampleStatus,
      // null: inferred from the answer and question.
      answerSpec: (row?.answerSpecSet ? row.answerSpec : null) as AnswerSpec | null,
      testAnswers: (row?.testAnswers ?? []) as TestAnswer[],
    },
  });
  const save = useSaveForm('examples', row?.id ?? null, onDone);
  /** Set when the maths has problems and the user is asked to confirm saving anyway. */
  const [warnings, setWarnings] = useState<string[] | null>(null);
  const subjectId = toId(form.values.subjectId) ?? null;
  const options = useMemo(
    () => categoryOptions(lookups.tree, subjectId),
    [lookups.tree, subjectId],
  );

  const inputOf = (values: typeof form.values) => ({
    question: values.question.trim(),
    answer: values.answer.trim(),
    procedure: values.procedure.trim() ? values.procedure.trim() : null,
    difficultyId: toId(values.difficultyId) as number,
    typeId: toId(values.typeId) as number,
    categoryId: toId(values.categoryId) as number,
    status: values.status,
    answerSpec: values.answerSpec,
    testAnswers: values.testAnswers,
  });

  /** Checks the fields; returns the input when they are fine, else shows the messages. */
  const validInput = (): ExampleInput | null => {
    const input = inputOf(form.getValues());
    const errors = fieldErrors(ExampleInputSchema, input);
    if (Object.keys(errors).length) {
      form.setErrors(errors);
      return null;
    }
    return input;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = validInput();
    if (!input) return;
    const found = mathWarnings(form.getValues());
    if (found.length) {
      setWarnings(found);
      return;
    }
    save.submit(input, form);
  };

  const saveAnyway = () => {
    const input = validInput();
    setWarnings(null);
    if (input) save.submit(input, form);
  };

  const repeats = repeatedExample(save.error);
  const saveDuplicate = () => {
    const input = validInput();
    if (input) save.submit({ ...input, allowDuplicate: true }, form);
  };

  const mathProps = (key: (typeof MATH_FIELDS)[number]['key']) => {
    const props = form.getInputProps(key);
    return {
      value: form.values[key],
      onChange: (value: string) => {
        form.setFieldValue(key, value);
        setWarnings(null);
        if (key === 'question' && repeats !== undefined) save.reset();
      },
      onBlur: props.onBlur as () => void,
      error: props.error as string | undefined,
    };
  };

  return (
    <EntityForm
      mode={row ? 'edit' : 'add'}
      item="example"
      // A repeated question is explained below the fields, not as 'Operation failed'.
      save={repeats === undefined ? save : { ...save, error: null }}
      onSubmit={submit}
      onCancel={onDone}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <Select
          label="Subject"
          placeholder="Choose a subject"
          description="Narrows the categories."
          searchable
          data={lookups.subjects.map((s) => ({ value: String(s.id), label: s.name }))}
          value={form.values.subjectId}
          onChange={(value) => {
            form.setFieldValue('subjectId', value);
            const category = toId(form.values.categoryId);
            const sameSubject =
              category !== undefined &&
              String(lookups.tree.byId.get(category)?.subjectId) === value;
            if (!sameSubject) form.setFieldValue('categoryId', null);
          }}
        />
        <CategorySelect
          label="Category"
          required
          description={subjectId === null ? 'Choose a subject first.' : 'Any level of the tree.'}
          placeholder={subjectId === null ? '—' : 'Choose a category'}
          disabled={subjectId === null}
          options={options}
          {...form.getInputProps('categoryId')}
        />
        <Select
          label="Difficulty"
          required
          placeholder="Choose a difficulty"
          data={lookups.difficulties.map((d) => ({ value: String(d.id), label: d.name }))}
          {...form.getInputProps('difficultyId')}
        />
        <Select
          label="Type"
          required
          placeholder="Choose a type"
          searchable
          data={lookups.types.map((t) => ({ value: String(t.id), label: t.name }))}
          {...form.getInputProps('typeId')}
        />
      </SimpleGrid>
      <Input.Wrapper
        label="Status"
        description={
          form.values.status === 'draft'
            ? 'Only editors see a draft: learners and visitors meet it nowhere until it is published.'
            : 'Everyone can find and read it.'
        }
      >
        <Group gap="sm" mt={4} wrap="wrap">
          <SegmentedControl
            aria-label="Status"
            data={[
              { value: 'draft', label: 'Draft' },
              { value: 'published', label: 'Published' },
            ]}
            {...form.getInputProps('status')}
          />
          {row && (
            <Anchor href={`/examples/${row.id}`} target="_blank" rel="noopener" size="sm">
              {row.status === 'draft' ? 'Preview as a learner' : 'Open its page'}
            </Anchor>
          )}
        </Group>
      </Input.Wrapper>
      <MathField
        label="Question"
        required
        placeholder="Solve $x^2 - 5x + 6 = 0$."
        {...mathProps('question')}
      />
      <MathField
        label="Answer"
        required
        minRows={2}
        placeholder="$x = 2$ or $x = 3$"
        {...mathProps('answer')}
      />
      <MathField
        label="Procedure"
        description="Optional: the worked steps."
        minRows={4}
        {...mathProps('procedure')}
      />
      <AnswerChecking
        question={form.values.question}
        answer={form.values.answer}
        spec={form.values.answerSpec}
        savedInferred={row && !row.answerSpecSet ? row.answerSpec : null}
        onSpecChange={(spec) => {
          form.setFieldValue('answerSpec', spec);
          form.clearFieldError('answerSpec');
        }}
        testAnswers={form.values.testAnswers}
        onTestAnswersChange={(answers) => {
          form.setFieldValue('testAnswers', answers);
          form.clearFieldError('testAnswers');
        }}
        error={(form.errors.answerSpec ?? form.errors.testAnswers) as string | undefined}
      />
      {warnings && (
        <MathWarningsAlert
          warnings={warnings}
          pending={save.pending}
          onSaveAnyway={saveAnyway}
          onKeepEditing={() => setWarnings(null)}
        />
      )}
      {repeats !== undefined && (
        <DuplicateQuestionAlert
          existingId={repeats}
          pending={save.pending}
          onSaveAnyway={saveDuplicate}
          onKeepEditing={save.reset}
        />
      )}
    </EntityForm>
  );
}
