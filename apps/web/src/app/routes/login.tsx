import { LoginPage } from '../../features/auth/components/login-page';

export default function LoginRoute() {
  return (
    <>
      <title>Login — Exemplar</title>
      <LoginPage />
    </>
  );
}
