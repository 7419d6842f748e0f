/** The welcome tour's scenes, in order, and how long each plays before the next. */
export const WELCOME_STEPS = ['create', 'share', 'play', 'session', 'debrief'] as const;
export type WelcomeStep = (typeof WELCOME_STEPS)[number];

export const STEP_SECONDS = 7;
