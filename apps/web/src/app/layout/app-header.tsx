import { Box, Burger, Button, Container, Divider, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBook2,
  IconHome,
  IconInfoCircle,
  IconLayoutDashboard,
  IconMathFunction,
  IconSettings,
} from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { canManageCatalogue } from '@exemplar/shared/roles';
import { BrandLogo } from '../../components/brand-logo';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { useAuth } from '../../lib/auth/auth-store';
import { paths } from '../../lib/paths';
import classes from './layout.module.css';
import { UserMenu } from './user-menu';

interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
}

export function AppHeader() {
  const { user } = useAuth();
  const [drawerOpened, drawer] = useDisclosure(false);
  const location = useLocation();

  // Following a link closes the phone menu.
  useEffect(() => {
    drawer.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, location.search]);

  const items: NavItem[] = [
    { to: paths.examples, label: 'Examples', icon: <IconBook2 size={16} stroke={1.7} /> },
  ];
  if (user) {
    items.push({
      to: paths.dashboard,
      label: 'Dashboard',
      icon: <IconLayoutDashboard size={16} stroke={1.7} />,
    });
    if (canManageCatalogue(user.groups)) {
      items.push({
        to: paths.admin,
        label: 'Admin',
        icon: <IconSettings size={16} stroke={1.7} />,
      });
    }
  }

  return (
    <>
      <Container h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xl" wrap="nowrap">
            <Link to={paths.home} className={classes.brand} aria-label="Exemplar home">
              <BrandLogo size={30} />
              <span>Exemplar</span>
            </Link>
            <Group component="nav" aria-label="Main" gap={4} wrap="nowrap" visibleFrom="sm">
              {items.map((item) => (
                <NavLink key={item.to} to={item.to} className={classes.link}>
                  {item.icon}
                  {item.label}
                </NavLink>
              ))}
            </Group>
          </Group>

          <Group gap="xs" wrap="nowrap">
            <ColorSchemeToggle />
            {user ? (
              <UserMenu user={user} />
            ) : (
              <Group gap="xs" visibleFrom="sm" wrap="nowrap">
                <Button component={Link} to={paths.login} variant="subtle">
                  Login
                </Button>
                <Button component={Link} to={paths.register}>
                  Register
                </Button>
              </Group>
            )}
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
            />
          </Group>
        </Group>
      </Container>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
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
        {!user && (
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
    </>
  );
}
