import { Combobox, Text, TextInput, useCombobox, type TextInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { foldAccents } from '@exemplar/shared/search/words';
import type { CategoryTreeEntry, CategoryTreeNode } from '@exemplar/shared/catalogue';
import { inlineMathSource } from '@exemplar/shared/math';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type Ref } from 'react';
import { useNavigate } from 'react-router';
import { exampleDetailPath } from '../../../api/example-filters';
import { MathText } from '../../../components/math/math-text';
import { searchSuggestionsQueryOptions } from '../api/get-search-suggestions';
import classes from './examples.module.css';

/** How long typing must pause before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 200;
/** Texts shorter than this get no suggestions. */
export const SUGGEST_MIN_CHARS = 2;
/** The most categories suggested. */
const CATEGORIES_MAX = 3;

export interface SuggestingSearchInputProps {
  /** The plain search box's props: the same field, now with a list of suggestions under it. */
  inputProps: TextInputProps & { ref?: Ref<HTMLInputElement> };
  /** The text in the box. */
  draft: string;
  /** The plain box had the focus when this one took its place: this one takes it, caret at the end. */
  focused: boolean;
  categoryTree: readonly CategoryTreeEntry[];
  /** A suggestion was chosen: the typed text is not searched for. */
  onPicked: () => void;
  /** The chosen suggestion is a category (an example opens its page). */
  onPickCategory?: (categoryId: number) => void;
}

const words = (text: string) =>
  foldAccents(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Categories whose names hold a word starting with each word typed, at most CATEGORIES_MAX. */
export function matchingCategories(tree: readonly CategoryTreeEntry[], text: string) {
  const typed = words(text);
  if (typed.length === 0) return [];
  const found: { id: number; name: string; subject: string }[] = [];
  const visit = (node: CategoryTreeNode, subject: string) => {
    if (found.length >= CATEGORIES_MAX) return;
    const own = words(node.name);
    if (typed.every((t) => own.some((w) => w.startsWith(t)))) {
      found.push({ id: node.id, name: node.name, subject });
    }
    node.children.forEach((child) => visit(child, subject));
  };
  for (const entry of tree) entry.categories.forEach((c) => visit(c, entry.subject.name));
  return found;
}

/**
 * The search box with suggestions as it is typed (fetched with the page's first interaction,
 * search-suggestions-module.ts): a combobox listing the examples the text finds first (questions
 * typeset) and the categories whose names match. Arrow keys move through them, Enter opens one,
 * Escape closes the list (keeping the text); Enter with none chosen searches as before.
 */
export function SuggestingSearchInput({
  inputProps,
  draft,
  focused,
  categoryTree,
  onPicked,
  onPickCategory,
}: SuggestingSearchInputProps) {
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = inputRef.current;
    if (!focused || !input || input === document.activeElement) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
    // Only when this box first takes the plain one's place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [text] = useDebouncedValue(draft.trim(), SUGGEST_DEBOUNCE_MS);
  const asked = text.length >= SUGGEST_MIN_CHARS;
  const suggestions = useQuery({
    ...searchSuggestionsQueryOptions(text),
    enabled: asked,
    placeholderData: keepPreviousData,
  });
  const categories = useMemo(
    () => (asked ? matchingCategories(categoryTree, text) : []),
    [asked, categoryTree, text],
  );
  const examples = (asked && suggestions.data?.examples) || [];
  const any = examples.length + categories.length > 0;

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        const [kind, id] = value.split(':');
        combobox.closeDropdown();
        onPicked();
        if (kind === 'category') onPickCategory?.(Number(id));
        else void navigate(exampleDetailPath(Number(id)));
      }}
    >
      <Combobox.Target withExpandedAttribute>
        <TextInput
          {...inputProps}
          ref={inputRef}
          onChange={(event) => {
            inputProps.onChange?.(event);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={(event) => {
            inputProps.onFocus?.(event);
            combobox.openDropdown();
          }}
          onBlur={(event) => {
            inputProps.onBlur?.(event);
            combobox.closeDropdown();
          }}
          onKeyDown={(event) => {
            // Enter on a suggestion opens it (the combobox's own handler): no search then.
            const choosing = combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1;
            // Escape closes the open list and keeps the text: a search box would empty itself.
            if (event.key === 'Escape' && combobox.dropdownOpened && any) event.preventDefault();
            if (!choosing) inputProps.onKeyDown?.(event);
          }}
        />
      </Combobox.Target>

      <Combobox.Dropdown hidden={!any}>
        <Combobox.Options aria-label="Suggestions" mah={360} style={{ overflowY: 'auto' }}>
          {examples.length > 0 ? (
            <Combobox.Group label="Examples">
              {examples.map((e) => (
                <Combobox.Option value={`example:${e.id}`} key={e.id}>
                  <MathText
                    text={inlineMathSource(e.question)}
                    inline
                    className={classes.suggestion}
                  />
                </Combobox.Option>
              ))}
            </Combobox.Group>
          ) : null}
          {categories.length > 0 ? (
            <Combobox.Group label="Categories">
              {categories.map((c) => (
                <Combobox.Option value={`category:${c.id}`} key={c.id}>
                  <Text size="sm" component="span">
                    {c.name}
                  </Text>{' '}
                  <Text size="xs" c="dimmed" component="span">
                    in {c.subject}
                  </Text>
                </Combobox.Option>
              ))}
            </Combobox.Group>
          ) : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
