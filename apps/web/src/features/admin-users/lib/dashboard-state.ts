/** What a page leaving for /dashboard may hand it: a success banner to show there. */
export interface DashboardLocationState {
  banner?: string;
}

export function dashboardBannerState(banner: string): DashboardLocationState {
  return { banner };
}

export function bannerFrom(state: unknown): string | null {
  if (state && typeof state === 'object' && 'banner' in state && typeof state.banner === 'string') {
    return state.banner || null;
  }
  return null;
}
