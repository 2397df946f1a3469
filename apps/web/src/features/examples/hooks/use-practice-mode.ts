import { useLocalStorage } from '@mantine/hooks';

/** localStorage key of practice mode ('true' / 'false'). */
export const PRACTICE_MODE_KEY = 'practiceMode';

/**
 * Practice mode: answers and procedures stay hidden behind 'Show answer' / 'Show procedure' until
 * revealed. Remembered across visits (localStorage) and shared by every component and tab.
 */
export function usePracticeMode(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useLocalStorage<boolean>({
    key: PRACTICE_MODE_KEY,
    defaultValue: false,
    // Read at once, so a remembered practice mode never flashes the answers first.
    getInitialValueInEffect: false,
    serialize: (value) => (value ? 'true' : 'false'),
    deserialize: (value) => value === 'true',
  });
  return [on, setOn];
}
