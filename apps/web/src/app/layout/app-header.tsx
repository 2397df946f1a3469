import { Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBook2, IconCards, IconLayoutDashboard, IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { can } from '@exemplar/shared/roles';
import { BrandLogo } from '../../components/brand-logo';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { useAuth } from '../../lib/auth/auth-store';
import { paths } from '../../lib/paths';
import classes from './layout.module.css';
import type { NavItem } from './nav-drawer';
import { DueBadge, ReviewIconLink } from './review-link';
import { UserMenuButton } from './user-menu-button';

// Needed only after a tap (phone menu) or when signed in (user dropdown): not in the first load.
const NavDrawer = lazy(() => import('./nav-drawer').then((m) => ({ default: m.NavDrawer })));
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

export function AppHeader() {
  const { user } = useAuth();
  const [drawerOpened, drawer] = useDisclosure(false);
  // The drawer's code is fetched the first time the burger is pressed, then stays mounted.
  const [drawerWanted, setDrawerWanted] = useState(false);
  // A press on the user button before the dropdown's code arrived opens it when it does.
  const [menuPressed, setMenuPressed] = useState(false);
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
      to: paths.review,
      label: 'Review',
      icon: <IconCards size={16} stroke={1.7} />,
      badge: <DueBadge />,
    });
    items.push({
      to: paths.dashboard,
      label: 'Dashboard',
      icon: <IconLayoutDashboard size={16} stroke={1.7} />,
    });
    if (can(user.groups, 'catalogue:write')) {
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
                  {item.badge}
                </NavLink>
              ))}
            </Group>
          </Group>

          <Group gap="xs" wrap="nowrap">
            {user ? <ReviewIconLink /> : null}
            <ColorSchemeToggle />
            {user ? (
              <Suspense
                fallback={<UserMenuButton user={user} onClick={() => setMenuPressed(true)} />}
              >
                <UserMenu user={user} defaultOpened={menuPressed} />
              </Suspense>
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
              onClick={() => {
                setDrawerWanted(true);
                drawer.toggle();
              }}
              hiddenFrom="sm"
              size="sm"
              aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
            />
          </Group>
        </Group>
      </Container>

      {drawerWanted && (
        <Suspense fallback={null}>
          <NavDrawer
            opened={drawerOpened}
            onClose={drawer.close}
            items={items}
            signedIn={Boolean(user)}
          />
        </Suspense>
      )}
    </>
  );
}
