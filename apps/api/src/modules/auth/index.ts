// The auth module's face: what other modules, the app's plugins and the CLI may use. Everything
// else in this folder is the module's own (docs/decisions/047-module-faces.md).
export { authRoutes } from './auth.routes';
export { authPlugin, noStore, routeAccess, type RouteAccess } from './auth.plugin';
export { authService, type AuthService } from './auth.service';
export type { AuthUser } from './auth.deps';
export { createKeyring, type Keyring } from './jwt';
export { confirmationMail, passwordSetByAdminMail } from './auth.mail';
export {
  changeAccountGroup,
  deleteAccount,
  emailsByIds,
  enabledSuperadminIds,
  findAccount,
  groupsByUser,
  groupsOf,
  listAccounts,
  updateAccount,
  type AccountChanges,
  type AccountRow,
} from './accounts.service';
