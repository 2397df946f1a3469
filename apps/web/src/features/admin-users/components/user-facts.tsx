import { ActionIcon, CopyButton, DataList, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { AdminUserView } from '../api/admin-user';
import { formatDateTime, nameOrNotSet, NOT_SET } from '../lib/format';
import classes from './admin-users.module.css';
import { GroupBadges, StatusBadge } from './user-badges';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function YesNo({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return (
    <Text span size="sm" fw={600} c={value ? 'teal' : 'red'}>
      {value ? yes : no}
    </Text>
  );
}

/** The account's details, one labelled line each. */
export function UserFacts({ user }: { user: AdminUserView }) {
  const name = nameOrNotSet(user.name);
  return (
    <DataList withDivider className={classes.detailsList}>
      <Item label="Username">
        <Group gap={4} wrap="nowrap" align="center">
          <Text span className={classes.mono}>
            {user.username}
          </Text>
          <CopyButton value={user.username} timeout={1500}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy username'} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'teal' : 'gray'}
                  size="sm"
                  onClick={copy}
                  aria-label="Copy username"
                >
                  {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Item>
      <Item label="Email">
        <Text span size="sm" className={classes.email}>
          {user.email}
        </Text>
      </Item>
      <Item label="Name">
        <Text span size="sm" c={name === NOT_SET ? 'dimmed' : undefined}>
          {name}
        </Text>
      </Item>
      <Item label="Status">
        <StatusBadge user={user} />
      </Item>
      <Item label="Email Verified">
        <YesNo value={user.emailVerified} yes="Verified" no="Not Verified" />
      </Item>
      <Item label="Enabled">
        <YesNo value={user.enabled} yes="Yes" no="No" />
      </Item>
      <Item label="Created">
        <Text span size="sm">
          {formatDateTime(user.created)}
        </Text>
      </Item>
      <Item label="Last Modified">
        <Text span size="sm">
          {formatDateTime(user.lastModified)}
        </Text>
      </Item>
      <Item label="Groups">
        <GroupBadges groups={user.groups} />
      </Item>
    </DataList>
  );
}
