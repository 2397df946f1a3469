/** Every client route in one place. */
export const paths = {
  home: '/',
  about: '/about',
  latex: '/latex',
  examples: '/examples',
  login: '/login',
  register: '/register',
  confirm: '/confirm',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  dashboardUser: (userId: string) => `/dashboard/user/${encodeURIComponent(userId)}`,
  admin: '/admin',
  review: '/review',
  profile: '/profile',
  example: (id: number) => `/examples/${id}`,
  examplesForSubject: (subject: string) => `/examples?subject=${encodeURIComponent(subject)}`,
} as const;
