/** Spec §2 dashboard tabs (`/dashboard/{tab}`). */
export const DASHBOARD_TABS = [
  'intro',
  'sessions',
  'templates',
  'settings',
  'subscription',
  'referral',
  'suggest-feature',
] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export function isDashboardTab(value: string | undefined): value is DashboardTab {
  return (DASHBOARD_TABS as readonly (string | undefined)[]).includes(value);
}
