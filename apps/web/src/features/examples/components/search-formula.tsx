import { Button } from '@mantine/core';
import { IconMathFunction } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState } from 'react';

// The panel and MathLive are fetched when a learner first opens it: the /examples page's first
// load stays within its budget (docs/decisions/006-bundle-budget.md).
const SearchFormulaPanel = lazy(() => import('./search-formula-panel'));

/**
 * "Type a formula": a maths field (the answer panel's, MathLive) under the search box, for a
 * learner who would rather type the formula than its LaTeX. Searching puts it in the search
 * between dollars, where the search reads it by its structure
 * (docs/decisions/050-formula-search-by-structure.md), and closes the field.
 */
export function SearchFormula({
  search,
  maxLength,
  onSearch,
}: {
  /** The search as typed so far. */
  search: string;
  /** The longest search there may be. */
  maxLength: number;
  /** Called with the new search (its words and the formula). */
  onSearch: (q: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconMathFunction size={16} aria-hidden />}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Close the formula field' : 'Type a formula'}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <SearchFormulaPanel
            id={panelId}
            search={search}
            maxLength={maxLength}
            onSearch={(q) => {
              setOpen(false);
              onSearch(q);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
