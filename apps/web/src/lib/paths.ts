/** Every client route in one place. */
export const paths = {
  home: '/',
  about: '/about',
  latex: '/latex',
  examples: '/examples',
  worksheet: '/worksheet',
  login: '/login',
  register: '/register',
  confirm: '/confirm',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  dashboardUser: (userId: string) => `/dashboard/user/${encodeURIComponent(userId)}`,
  admin: '/admin',
  review: '/review',
  /** The admin screen on one of its tabs (`?tab=`). */
  adminTab: (tab: string) => `/admin?tab=${encodeURIComponent(tab)}`,
  /** The admin Examples tab with example `id`'s edit form open. */
  adminEditExample: (id: number) => `/admin?tab=examples&edit=${id}`,
  profile: '/profile',
  example: (id: number) => `/examples/${id}`,
  examplesForSubject: (subject: string) => `/examples?subject=${encodeURIComponent(subject)}`,
} as const;
