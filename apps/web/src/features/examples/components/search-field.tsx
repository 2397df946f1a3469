import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { SEARCH_MAX_LENGTH } from '../../../api/example-filters';

export const SEARCH_DEBOUNCE_MS = 300;

interface SearchFieldProps {
  /** The search in the URL. */
  value: string;
  /** Called ~300 ms after typing stops (at once on Enter or clear), with the trimmed text. */
  onCommit: (q: string) => void;
}

/** Full-text search box: debounced, kept in step with the URL (Back/Forward, chip removal). */
export function SearchField({ value, onCommit }: SearchFieldProps) {
  const [draft, setDraft] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const commit = useDebouncedCallback((text: string) => onCommit(text.trim()), SEARCH_DEBOUNCE_MS);

  // The URL changed from elsewhere: show its search (unless it is what is being typed).
  if (value !== lastValue) {
    setLastValue(value);
    if (draft.trim() !== value) setDraft(value);
  }

  return (
    <TextInput
      type="search"
      label="Search"
      placeholder="Search examples"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={draft}
      maxLength={SEARCH_MAX_LENGTH}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit.flush();
      }}
      rightSection={
        draft ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              commit.cancel();
              setDraft('');
              onCommit('');
            }}
          />
        ) : null
      }
    />
  );
}
