import { Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/**
 * The part of a shared input schema (SubjectInputSchema, CategoryInputSchema, …) that holds the
 * longest name and description the server takes: the fields stop there, so the limits are the
 * contract's own, never typed again here.
 */
export interface NameDescriptionLimits {
  shape: {
    name: { maxLength: number | null };
    description: { unwrap: () => { maxLength: number | null } };
  };
}

interface NameDescriptionFieldsProps {
  form: { getInputProps: (path: 'name' | 'description') => GetInputPropsReturnType };
  schema: NameDescriptionLimits;
  /** The description's height: it grows from `minRows` to `maxRows` lines as it is typed. */
  minRows: number;
  maxRows: number;
}

/** The first fields of a subject, category, difficulty or type form: Name (required), Description. */
export function NameDescriptionFields({
  form,
  schema,
  minRows,
  maxRows,
}: NameDescriptionFieldsProps) {
  return (
    <>
      <TextInput
        label="Name"
        required
        data-autofocus
        maxLength={schema.shape.name.maxLength ?? undefined}
        {...form.getInputProps('name')}
      />
      <Textarea
        label="Description"
        autosize
        minRows={minRows}
        maxRows={maxRows}
        maxLength={schema.shape.description.unwrap().maxLength ?? undefined}
        {...form.getInputProps('description')}
      />
    </>
  );
}
