import { Switch } from '@mantine/core';
import { usePracticeMode } from '../hooks/use-practice-mode';

/** Practice mode on/off: hides answers and procedures until revealed (remembered). */
export function PracticeModeSwitch({ withDescription = false }: { withDescription?: boolean }) {
  const [practice, setPractice] = usePracticeMode();
  return (
    <Switch
      label="Practice mode"
      description={
        withDescription ? 'Hide answers and procedures until you reveal them' : undefined
      }
      checked={practice}
      onChange={(event) => setPractice(event.currentTarget.checked)}
      color="teal"
    />
  );
}
