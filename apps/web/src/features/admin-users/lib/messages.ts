/** The dashboard and user-page messages. */
export const DASHBOARD_LOAD_FAILED = 'Failed to load dashboard data';
export const USER_LOAD_FAILED = 'Failed to load user details';
export const USER_NOT_FOUND = 'User not found';
export const UPDATE_FAILED = 'Failed to update user';
export const DELETE_FAILED = 'Failed to delete user';
