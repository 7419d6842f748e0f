/**
 * The demo game (spec §2 /demo, §7 createDemoGame): Sterman's classic chain shortened so a
 * visitor plays a whole game alone in a few minutes. The visitor holds one role; the computer
 * plays every other one, so each of the visitor's orders turns the week at once. No timer: the
 * visitor sets the pace, and the game is over after DEMO_WEEKS orders.
 */
import { classicBeerTemplate } from '../beer/game-docs';
import type { BeerGameTemplate } from './types';

export const DEMO_TEMPLATE_ID = 'beer-demo';
/** Long enough to see the demand step of week 5 ripple up the chain, short enough for a visit. */
export const DEMO_WEEKS = 20;
/** The role a visitor takes unless it chooses another. */
export const DEMO_DEFAULT_ROLE = 'retailer';

export function demoBeerTemplate(): BeerGameTemplate {
  const classic = classicBeerTemplate().config;
  return {
    id: DEMO_TEMPLATE_ID,
    version: 1,
    title: 'Beer game demo',
    type: 'beergame',
    description:
      'The classic four-stage chain over 20 weeks, the computer playing the other roles.',
    config: {
      // No forced first weeks: every week of a short demo is the visitor's own decision.
      params: { ...classic.params, weeks: DEMO_WEEKS, forcedOrderWeeks: 0 },
      facilities: classic.facilities,
    },
  };
}
