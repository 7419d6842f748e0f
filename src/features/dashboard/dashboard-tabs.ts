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

/**
 * The header's row of tags and menus (dashboard-header.tsx): its height, that of the help menu's
 * icon button, and the space below it. The header's code comes after the tabs' at times; a
 * placeholder this size holds its place so the tabs do not jump under a click when it arrives.
 */
export const DASHBOARD_HEADER_ROW = { minHeight: 40, mb: 2 } as const;
