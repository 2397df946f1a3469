import { Box, Button, Card, Collapse, Code, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconKey } from '@tabler/icons-react';
import type { AuthTokens } from '../../../../lib/auth/auth-store';
import classes from '../auth.module.css';

/** Token display is limited to the first 50 characters. */
export const TOKEN_PREVIEW_LENGTH = 50;

export function tokenPreview(token: string): string {
  return token.length > TOKEN_PREVIEW_LENGTH ? `${token.slice(0, TOKEN_PREVIEW_LENGTH)}...` : token;
}

const rows = [
  { key: 'idToken', label: 'ID Token' },
  { key: 'accessToken', label: 'Access Token' },
  { key: 'refreshToken', label: 'Refresh Token' },
] as const;

/** A collapsible look at the session's tokens (for the curious; never the whole token). */
export function TokensSection({ tokens }: { tokens: AuthTokens }) {
  const [opened, { toggle }] = useDisclosure(false);
  return (
    <Card padding="lg" component="section" aria-label="Session tokens">
      <Button
        variant="subtle"
        color="gray"
        fullWidth
        justify="space-between"
        leftSection={<IconKey size={18} />}
        rightSection={
          <IconChevronDown
            size={16}
            style={{
              transform: opened ? 'rotate(180deg)' : undefined,
              transition: 'transform 150ms',
            }}
          />
        }
        onClick={toggle}
        aria-expanded={opened}
        aria-controls="session-tokens"
      >
        {opened ? 'Hide Tokens' : 'Show Tokens'}
      </Button>
      <Collapse expanded={opened} id="session-tokens">
        <Stack gap="sm" pt="md">
          {rows.map((row) => (
            <Box key={row.key}>
              <Text size="xs" fw={600} c="dimmed" mb={4}>
                {row.label}
              </Text>
              <Code block className={classes.token}>
                {tokenPreview(tokens[row.key])}
              </Code>
            </Box>
          ))}
        </Stack>
      </Collapse>
    </Card>
  );
}
