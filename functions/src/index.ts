/**
 * The deployed functions. Every callable goes through `defineCallable` (validation, auth, data
 * port, error mapping); its pure handler lives in `callables/` and is tested on its own.
 */
import { setGlobalOptions } from 'firebase-functions/v2';
import * as logger from 'firebase-functions/logger';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { defineCallable } from './callable';
import { cloudTaskTimer } from './beer/cloud-task-timer';
import * as autoPlaySecGenCall from './callables/auto-play-sec-gen';
import * as confirmAllocationsCall from './callables/confirm-allocations';
import * as createNewTurnTaskCall from './callables/create-new-turn-task';
import * as joinAsCall from './callables/join-as';
import * as quitGameCall from './callables/quit-game';
import * as resetBeerGameCall from './callables/reset-beer-game';
import * as resetStartingOrdersCall from './callables/reset-starting-orders';
import { getDataPort } from './data/port';
import { handleWeekTimer } from './tasks/beer-week-timer';
import * as generateSessionCodeCall from './callables/generate-session-code';
import * as verifyEmailCall from './callables/verify-email';
import * as previousPlayerLoginCall from './callables/previous-player-login';
import * as addTeamMemberCall from './callables/add-team-member';
import * as joinTeamMemberCall from './callables/join-team-member';
import * as removeTeamMemberCall from './callables/remove-team-member';
import * as startTrialCall from './callables/start-trial';
import * as setTeamMemberRoleCall from './callables/set-team-member-role';
import { readAppUrl } from './app-url';
import { MAIL_SECRETS, lazyMailer } from './mail/providers';
import { cloudLeanTicker } from './lean/cloud-lean-ticker';
import * as leanActionCall from './callables/lean-action';
import * as leanImprovementsCall from './callables/lean-improvements';
import * as leanScheduleCall from './callables/lean-schedule-computer-actions';
import * as resetLeanGameCall from './callables/reset-lean-game';
import { handleLeanTick } from './tasks/lean-tick';

setGlobalOptions({ maxInstances: 10 });

export const generateSessionCode = defineCallable(
  generateSessionCodeCall.name,
  generateSessionCodeCall.schema,
  generateSessionCodeCall.handle,
);

export const verifyEmail = defineCallable(
  verifyEmailCall.name,
  verifyEmailCall.schema,
  verifyEmailCall.handle,
);

export const previousPlayerLogin = defineCallable(
  previousPlayerLoginCall.name,
  previousPlayerLoginCall.schema,
  previousPlayerLoginCall.handle,
);

// ---- teams (business.md §3.2, §3.9) ----

/**
 * The SMTP secrets are bound where mail is sent. Not in the emulator, where the outbox adapter
 * needs none and an unset secret would stop the callable from loading.
 */
const mailSecrets = process.env.FUNCTIONS_EMULATOR === 'true' ? [] : [...MAIL_SECRETS];

export const addTeamMember = defineCallable(
  addTeamMemberCall.name,
  addTeamMemberCall.schema,
  addTeamMemberCall.createHandler({
    mailer: lazyMailer(
      () => process.env,
      getDataPort,
      () => Date.now(),
    ),
    appUrl: () => readAppUrl(process.env),
  }),
  { callable: { secrets: mailSecrets } },
);

export const joinTeamMember = defineCallable(
  joinTeamMemberCall.name,
  joinTeamMemberCall.schema,
  joinTeamMemberCall.handle,
);

export const removeTeamMember = defineCallable(
  removeTeamMemberCall.name,
  removeTeamMemberCall.schema,
  removeTeamMemberCall.handle,
);

export const setTeamMemberRole = defineCallable(
  setTeamMemberRoleCall.name,
  setTeamMemberRoleCall.schema,
  setTeamMemberRoleCall.handle,
);

// ---- plans (business.md §3.7, §3.8) ----

export const startTrial = defineCallable(
  startTrialCall.name,
  startTrialCall.schema,
  startTrialCall.handle,
);

// ---- beer game (docs/games/beer-documents.md) ----

export const joinAs = defineCallable(
  joinAsCall.name,
  joinAsCall.schema,
  joinAsCall.createHandler({ timer: cloudTaskTimer }),
);

export const quitGame = defineCallable(
  quitGameCall.name,
  quitGameCall.schema,
  quitGameCall.createHandler({ timer: cloudTaskTimer }),
);

export const createNewTurnTask = defineCallable(
  createNewTurnTaskCall.name,
  createNewTurnTaskCall.schema,
  createNewTurnTaskCall.createTurnHandler({ timer: cloudTaskTimer, ticker: cloudLeanTicker }),
);

export const autoPlaySecGen = defineCallable(
  autoPlaySecGenCall.name,
  autoPlaySecGenCall.schema,
  autoPlaySecGenCall.createHandler({ timer: cloudTaskTimer }),
);

export const resetBeerGame = defineCallable(
  resetBeerGameCall.name,
  resetBeerGameCall.schema,
  resetBeerGameCall.handle,
);

export const resetStartingOrders = defineCallable(
  resetStartingOrdersCall.name,
  resetStartingOrdersCall.schema,
  resetStartingOrdersCall.handle,
);

export const confirmAllocations = defineCallable(
  confirmAllocationsCall.name,
  confirmAllocationsCall.schema,
  confirmAllocationsCall.handle,
);

/**
 * Retries of the week timer. Cloud Tasks stops once a task has had `maxAttempts` attempts and
 * `maxRetrySeconds` have passed since the first; with no time limit set it may go on retrying, so
 * both are set. A failing timer (the store unreachable, a payload that can never pass) is given up
 * after about a minute; the players' screens also ask for the week when their countdown ends.
 */
export const WEEK_TIMER_RETRY = { maxAttempts: 3, minBackoffSeconds: 1, maxRetrySeconds: 60 };

/** The week timer of beer games: fires at a week's deadline (queue `beerWeekTimer`). */
export const beerWeekTimer = onTaskDispatched(
  { retryConfig: WEEK_TIMER_RETRY },
  async (request) => {
    const result = await handleWeekTimer(getDataPort(), request.data, Date.now(), cloudTaskTimer);
    logger.info('beerWeekTimer', { data: request.data, advanced: result?.advanced ?? false });
  },
);

// ---- lean game (docs/games/lean-documents.md) ----

export const leanAction = defineCallable(
  leanActionCall.name,
  leanActionCall.schema,
  leanActionCall.handle,
);

export const leanImprovements = defineCallable(
  leanImprovementsCall.name,
  leanImprovementsCall.schema,
  leanImprovementsCall.handle,
);

export const leanScheduleComputerActions = defineCallable(
  leanScheduleCall.name,
  leanScheduleCall.schema,
  leanScheduleCall.createHandler({ ticker: cloudLeanTicker }),
);

export const resetLeanGame = defineCallable(
  resetLeanGameCall.name,
  resetLeanGameCall.schema,
  resetLeanGameCall.handle,
);

/**
 * Retries of a lean tick: a few, within a few seconds. The chain's next tick is scheduled by the
 * one before, and the end task ends the run on its own, so a tick given up loses nothing but a
 * second of the floor's refresh.
 */
export const LEAN_TICK_RETRY = { maxAttempts: 3, minBackoffSeconds: 1, maxRetrySeconds: 10 };

/** The ticks of lean runs (queue `leanTick`): computer stations and the end, browsers closed. */
export const leanTick = onTaskDispatched({ retryConfig: LEAN_TICK_RETRY }, async (request) => {
  const outcome = await handleLeanTick(
    {
      port: getDataPort(),
      clock: () => Date.now(),
      ticker: cloudLeanTicker,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    },
    request.data,
  );
  logger.debug('leanTick', { data: request.data, outcome });
});
