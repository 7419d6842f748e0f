/**
 * The lean debrief's chart sections (spec §9: "Lean adds pnl, deliveries, balance, wip, quality,
 * flowefficiency, resefficiency"), in the spec's order, and the page each shows on: the results
 * page the outcomes (money, customers, quality), the debrief page the reasons (balance, flow,
 * resources). `params.configDebrief.debriefContent` says which are on.
 */
export const LEAN_DEBRIEF_SECTIONS = [
  'pnl',
  'deliveries',
  'balance',
  'wip',
  'quality',
  'flowefficiency',
  'resefficiency',
] as const;

export type LeanDebriefSection = (typeof LEAN_DEBRIEF_SECTIONS)[number];

export const LEAN_PAGE_SECTIONS: Readonly<
  Record<'results' | 'debrief', readonly LeanDebriefSection[]>
> = {
  results: ['pnl', 'deliveries', 'quality'],
  debrief: ['balance', 'wip', 'flowefficiency', 'resefficiency'],
};
