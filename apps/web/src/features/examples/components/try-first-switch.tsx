import { Switch } from '@mantine/core';

/**
 * Try first on or off, on an example's page: the answer and procedure folded until the learner
 * checks an answer or reveals them. Said in words beside the switch.
 */
export function TryFirstSwitch({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <Switch
      label="Try first"
      description="Answer and procedure folded until you check or reveal them"
      checked={on}
      onChange={(event) => onChange(event.currentTarget.checked)}
      color="teal"
      maw={300}
    />
  );
}
