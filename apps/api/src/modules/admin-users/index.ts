// The admin-users module's face: the superadmins' management of accounts.
export { adminUsersRoutes } from './admin-users.routes';
export { adminUsersService } from './admin-users.service';
