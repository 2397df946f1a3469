import { CloseButton, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { CategoryTreeEntry } from '@exemplar/shared/catalogue';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { SEARCH_MAX_LENGTH } from '../../../api/example-filters';
import { SearchFormula } from './search-formula';
import { searchSuggestions } from './search-suggestions-module';

export const SEARCH_DEBOUNCE_MS = 300;

interface SearchFieldProps {
  /** The search in the URL. */
  value: string;
  /** Called ~300 ms after typing stops (at once on Enter or clear), with the trimmed text. */
  onCommit: (q: string) => void;
  /** The categories suggested as the text is typed (none without). */
  categoryTree?: readonly CategoryTreeEntry[];
  /** A suggested category was chosen. */
  onPickCategory?: (categoryId: number) => void;
}

/**
 * Full-text search box: debounced, kept in step with the URL (Back/Forward, chip removal). The
 * first time a pointer comes near it or it gets focus, its suggestions are fetched
 * (search-suggestions.tsx) and take its place, with the focus and the caret where they were.
 * Under it, "Type a formula" opens a maths field whose formula joins the search (search-formula.tsx).
 */
export function SearchField({
  value,
  onCommit,
  categoryTree = [],
  onPickCategory,
}: SearchFieldProps) {
  const [draft, setDraft] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const commit = useDebouncedCallback((text: string) => onCommit(text.trim()), SEARCH_DEBOUNCE_MS);
  const suggesting = searchSuggestions.use();
  // Whether the box has the focus: the suggesting box that takes its place keeps it.
  const [focused, setFocused] = useState(false);

  // The URL changed from elsewhere: show its search (unless it is what is being typed).
  if (value !== lastValue) {
    setLastValue(value);
    if (draft.trim() !== value) setDraft(value);
  }

  const inputProps: TextInputProps = {
    type: 'search',
    label: 'Search',
    placeholder: 'Search examples',
    leftSection: <IconSearch size={16} aria-hidden />,
    value: draft,
    maxLength: SEARCH_MAX_LENGTH,
    onPointerEnter: () => void searchSuggestions.request(),
    onFocus: () => {
      setFocused(true);
      void searchSuggestions.request();
    },
    onBlur: () => setFocused(false),
    onChange: (event) => {
      setDraft(event.currentTarget.value);
      commit(event.currentTarget.value);
    },
    onKeyDown: (event) => {
      if (event.key === 'Enter') commit.flush();
    },
    rightSection: draft ? (
      <CloseButton
        size="sm"
        aria-label="Clear search"
        onClick={() => {
          commit.cancel();
          setDraft('');
          onCommit('');
        }}
      />
    ) : null,
  };
  const formula = (
    <SearchFormula
      search={draft}
      maxLength={SEARCH_MAX_LENGTH}
      onSearch={(q) => {
        commit.cancel();
        setDraft(q);
        onCommit(q);
      }}
    />
  );
  return (
    <Stack gap={4}>
      {suggesting ? (
        <suggesting.SuggestingSearchInput
          inputProps={inputProps}
          draft={draft}
          focused={focused}
          categoryTree={categoryTree}
          onPicked={commit.cancel}
          onPickCategory={(categoryId) => {
            setDraft('');
            onPickCategory?.(categoryId);
          }}
        />
      ) : (
        <TextInput {...inputProps} />
      )}
      {formula}
    </Stack>
  );
}
