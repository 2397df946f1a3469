import { Button, Group, NumberInput, Paper, Switch, TextInput } from '@mantine/core';
import { WORKSHEET_COUNT_MAX, WORKSHEET_COUNT_MIN } from '@exemplar/shared/worksheets';
import { IconArrowsShuffle, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { newSeed, TITLE_MAX_LENGTH, type WorksheetSettings } from '../lib/worksheet-params';
import classes from './worksheet.module.css';

interface WorksheetSettingsBarProps {
  settings: WorksheetSettings;
  /** The title shown when none is typed (the field's placeholder). */
  defaultTitle: string;
  onChange: (patch: Partial<WorksheetSettings>, options?: { replace?: boolean }) => void;
  /** Today's reviews come in due order: no new order to draw. */
  canReorder: boolean;
  canPrint: boolean;
}

/**
 * Waits for every font the page uses (KaTeX's among them) before opening the print dialog, so
 * the maths is never printed in a fallback font.
 */
export async function printWhenFontsReady() {
  await document.fonts.ready;
  window.print();
}

/** Title, number of questions, procedures in the key, a new order and Print; not printed. */
export function WorksheetSettingsBar({
  settings,
  defaultTitle,
  onChange,
  canReorder,
  canPrint,
}: WorksheetSettingsBarProps) {
  // The field keeps what is typed (spaces included); the URL gets it trimmed.
  const [title, setTitle] = useState(settings.title ?? '');
  // A title changed from elsewhere (Back, another link) replaces what was typed.
  const [urlTitle, setUrlTitle] = useState(settings.title);
  if (urlTitle !== settings.title) {
    setUrlTitle(settings.title);
    if (title.trim() !== (settings.title ?? '')) setTitle(settings.title ?? '');
  }

  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      shadow="xs"
      className={classes.screenOnly}
      component="section"
      aria-label="Worksheet settings"
    >
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          label="Title"
          placeholder={defaultTitle}
          value={title}
          maxLength={TITLE_MAX_LENGTH}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            onChange({ title: event.currentTarget.value.trim() || null });
          }}
          style={{ flex: '1 1 16rem' }}
        />
        <NumberInput
          label="Questions"
          min={WORKSHEET_COUNT_MIN}
          max={WORKSHEET_COUNT_MAX}
          clampBehavior="strict"
          allowDecimal={false}
          allowNegative={false}
          value={settings.count}
          onChange={(value) => {
            if (typeof value === 'number' && value >= WORKSHEET_COUNT_MIN)
              onChange({ count: value });
          }}
          w={110}
        />
        <Switch
          label="Procedures in the key"
          checked={settings.procedures}
          onChange={(event) => onChange({ procedures: event.currentTarget.checked })}
          mb={8}
        />
        <Group gap="xs" ml="auto">
          {canReorder ? (
            <Button
              variant="default"
              leftSection={<IconArrowsShuffle size={16} aria-hidden />}
              onClick={() => onChange({ seed: newSeed() }, { replace: false })}
            >
              New order
            </Button>
          ) : null}
          <Button
            leftSection={<IconPrinter size={16} aria-hidden />}
            disabled={!canPrint}
            onClick={() => void printWhenFontsReady()}
          >
            Print
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
