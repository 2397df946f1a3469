import { Box, Button, Divider, Drawer, Group, Stack } from '@mantine/core';
import { IconHome, IconInfoCircle, IconMathFunction } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { paths } from '../../lib/paths';
import classes from './layout.module.css';

export interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  /** Shown after the label (the count of reviews due). */
  badge?: ReactNode;
}

interface NavDrawerProps {
  opened: boolean;
  onClose: () => void;
  items: NavItem[];
  signedIn: boolean;
}

/**
 * The phone menu. Loaded with React.lazy the first time the burger is pressed: its Drawer (focus
 * trap, scroll lock, portal) is not part of the first load.
 */
export function NavDrawer({ opened, onClose, items, signedIn }: NavDrawerProps) {
  // The first press mounts this with `opened` already true; opening a frame later lets the drawer
  // slide in as it does every other time.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setReady(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <Drawer
      opened={opened && ready}
      onClose={onClose}
      position="right"
      size="80%"
      title={
        <Group gap="xs">
          <BrandLogo size={26} />
          <Box fw={800} fz="lg">
            Exemplar
          </Box>
        </Group>
      }
      hiddenFrom="sm"
      zIndex={1000}
    >
      <Stack gap={4} component="nav" aria-label="Main (mobile)">
        <NavLink to={paths.home} end className={classes.drawerLink}>
          <IconHome size={16} stroke={1.7} />
          Home
        </NavLink>
        {items.map((item) => (
          <NavLink key={item.to} to={item.to} className={classes.drawerLink}>
            {item.icon}
            {item.label}
            {item.badge}
          </NavLink>
        ))}
        <NavLink to={paths.latex} className={classes.drawerLink}>
          <IconMathFunction size={16} stroke={1.7} />
          LaTeX demo
        </NavLink>
        <NavLink to={paths.about} className={classes.drawerLink}>
          <IconInfoCircle size={16} stroke={1.7} />
          About
        </NavLink>
      </Stack>
      {!signedIn && (
        <>
          <Divider my="md" />
          <Stack gap="sm">
            <Button component={Link} to={paths.login} variant="default" fullWidth>
              Login
            </Button>
            <Button component={Link} to={paths.register} fullWidth>
              Register
            </Button>
          </Stack>
        </>
      )}
    </Drawer>
  );
}
