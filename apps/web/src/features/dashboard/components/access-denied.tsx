import { IconLock } from '@tabler/icons-react';
import { SignInCard } from '../../../components/sign-in-card';
import { paths } from '../../../lib/paths';
import classes from './dashboard.module.css';

/** /dashboard for a visitor who is not logged in. */
export function AccessDenied() {
  return (
    <div className={classes.deniedPage}>
      <SignInCard
        icon={IconLock}
        color="red"
        title="Access Denied"
        next={paths.dashboard}
        maw={460}
      >
        Please log in to access your dashboard.
      </SignInCard>
    </div>
  );
}
