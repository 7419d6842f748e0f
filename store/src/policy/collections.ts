/**
 * The policy, collection by collection. Each entry mirrors one `match` block of
 * `firestore.rules`: same path, same conditions, same helper names. An operation without a
 * condition is denied (backend only: functions use a service credential, which bypasses this).
 */
import type { DocData } from '@sim/core/port/data-port';
import { BEER_BOUNDS } from '@sim/core/beer/model';
import type { AuthContext, DocReader, Operation } from './types';
import type { QueryFacts } from './query-facts';
import { deepEqual, diff, getField, hasAny, hasOnly, isId, isInt, isMap, mapField } from './data';
import {
  isCreatorOf,
  isFinished,
  isInstructor,
  isObserver,
  isPlayerIn,
  isPlayerOf,
  isSessionAdmin,
  isSessionAdminOf,
  isTeamAdmin,
  isTeamMember,
  isTransparent,
  isUser,
  seesAll,
  seesHidden,
  seesSecrets,
  signedIn,
  teamAllowed,
} from './roles';

export interface RuleContext {
  readonly auth: AuthContext | null;
  /** Wildcards of the matched pattern, e.g. `{ gid: 'g1', fid: 'f1' }`. */
  readonly params: Readonly<Record<string, string>>;
  /** `resource.data`: the stored document, undefined if missing. */
  readonly existing: DocData | undefined;
  /** `request.resource.data`: the document after the write. */
  readonly incoming: DocData | undefined;
  /**
   * For `list` (judged on the collection, `existing` undefined): what the query proves about
   * every document it could return. A list condition reads `resource.data` only through
   * `listed` / `listedIn`, so it holds only where the query proves it, as on Firestore.
   */
  readonly query: QueryFacts | undefined;
  readonly read: DocReader;
}

export type Condition = (c: RuleContext) => boolean;

export interface PathRule {
  /** Document path pattern; `{name}` matches one segment. */
  readonly pattern: string;
  readonly allow: Partial<Record<Operation, Condition>>;
}

/** User fields only the backend writes. The owner may remove (not set) notifyPlanPurchase. */
export const PROTECTED_USER_FIELDS = ['features', 'plans', 'notifyPlanPurchase'] as const;
const REMOVABLE_USER_FIELDS = ['notifyPlanPurchase'];

/** Fields a player may change in its own facility's private document (the order validation). */
export const VALIDATION_FIELDS = ['validatedOrder', 'validatedWeek', 'capabilities'] as const;
export const CAPABILITY_VALIDATION_FIELDS = ['validatedOrder', 'validatedOrderQty'] as const;
/** The rules unroll per-capability checks; a facility has at most this many capabilities. */
export const MAX_CAPABILITIES = 8;
/** The rules unroll recipient checks of a message's `to` list up to this many entries. */
export const MAX_MESSAGE_RECIPIENTS = 8;

export const ORDER_REQUIRED_FIELDS = ['game_id', 'faci_id', 'capa_id', 'orderQty', 'week'] as const;
export const ORDER_FIELDS = [...ORDER_REQUIRED_FIELDS, 'created_at', 'week'] as const;

const always: Condition = () => true;

/** `resource.data.<field>` in a list rule: the value the query fixes; undefined is unproven. */
function listed(c: RuleContext, field: string): unknown {
  return c.query?.fixed(field);
}

/** `value in resource.data.<field>` in a list rule, as far as the query proves it. */
function listedIn(c: RuleContext, field: string, value: unknown): boolean {
  return c.query?.holds(field, value) ?? false;
}

function uidOf(c: RuleContext): string | undefined {
  return signedIn(c.auth) ? c.auth.uid : undefined;
}

function game(c: RuleContext): DocData | undefined {
  const gid = c.params['gid'];
  return gid === undefined ? undefined : c.read(`games/${gid}`);
}

/** The team reference is unchanged, or the new one is allowed. */
function teamChangeAllowed(c: RuleContext): boolean {
  const before = getField(c.existing, 'team', null);
  const after = getField(c.incoming, 'team', null);
  return deepEqual(before, after) || teamAllowed(c.auth, after, c.read);
}

/**
 * A game's session is none, or one the writer administers: nobody puts a game into another
 * instructor's session (its results would show it).
 */
function gameSessionAllowed(c: RuleContext): boolean {
  const after = getField(c.incoming, 'session', null);
  if (after === null) return true;
  if (c.existing !== undefined && deepEqual(getField(c.existing, 'session', null), after)) {
    return true;
  }
  return isSessionAdmin(c.auth, after, c.read);
}

// ---- users ----

function userCreateAllowed(c: RuleContext): boolean {
  return c.incoming !== undefined && !hasAny(Object.keys(c.incoming), PROTECTED_USER_FIELDS);
}

function userUpdateAllowed(c: RuleContext): boolean {
  if (c.existing === undefined || c.incoming === undefined) return false;
  const d = diff(c.incoming, c.existing);
  const kept = PROTECTED_USER_FIELDS.filter((f) => !REMOVABLE_USER_FIELDS.includes(f));
  return (
    !hasAny(d.added, PROTECTED_USER_FIELDS) &&
    !hasAny(d.changed, PROTECTED_USER_FIELDS) &&
    !hasAny(d.removed, kept)
  );
}

/** A referrer's uid (`?invitedby=`) as the rules accept it: never the profile's own uid. */
const REFERRER_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * `invitedBy` (business.md §3.10) absent, or a uid other than the owner's. `joinedReferralProgram`
 * absent or a boolean.
 */
function referrerValid(c: RuleContext): boolean {
  const invitedBy = getField(c.incoming, 'invitedBy', null);
  return (
    invitedBy === null ||
    (typeof invitedBy === 'string' && REFERRER_ID.test(invitedBy) && invitedBy !== c.params['uid'])
  );
}

/** `invitedBy` is set once: never changed or removed, and only added when valid. */
function referrerKept(c: RuleContext): boolean {
  if (c.existing === undefined || c.incoming === undefined) return false;
  const d = diff(c.incoming, c.existing);
  return (
    !hasAny(d.changed, ['invitedBy']) &&
    !hasAny(d.removed, ['invitedBy']) &&
    (!hasAny(d.added, ['invitedBy']) || referrerValid(c))
  );
}

function referralOptInValid(c: RuleContext): boolean {
  return typeof getField(c.incoming, 'joinedReferralProgram', false) === 'boolean';
}

// ---- templates and session templates ----

function templateReadable(c: RuleContext): boolean {
  const t = c.existing;
  return (
    signedIn(c.auth) &&
    t !== undefined &&
    (getField(t, 'public', false) === true ||
      getField(t, 'creator', null) === c.auth.uid ||
      isTeamMember(c.auth, getField(t, 'team', null), c.read))
  );
}

function templateListable(c: RuleContext): boolean {
  return (
    signedIn(c.auth) &&
    (listed(c, 'public') === true ||
      listed(c, 'creator') === c.auth.uid ||
      isTeamMember(c.auth, listed(c, 'team'), c.read))
  );
}

const templateRules: PathRule['allow'] = {
  get: templateReadable,
  list: templateListable,
  create: (c) =>
    isInstructor(c.auth) &&
    getField(c.incoming, 'creator', null) === c.auth.uid &&
    teamAllowed(c.auth, getField(c.incoming, 'team', null), c.read) &&
    getField(c.incoming, 'public', false) !== true,
  update: (c) =>
    isCreatorOf(c.auth, c.existing) &&
    getField(c.incoming, 'creator', null) === uidOf(c) &&
    teamChangeAllowed(c) &&
    getField(c.incoming, 'public', false) !== true,
  delete: (c) => isCreatorOf(c.auth, c.existing),
};

// ---- session round configurations ----

function sessionCreator(c: RuleContext): boolean {
  return isCreatorOf(c.auth, c.read(`sessions/${c.params['sid'] ?? ''}`));
}

// ---- session lobby ----

export const LOBBY_ENTRY_FIELDS = ['name', 'team', 'joined_at'] as const;
export const LOBBY_NAME_MAX = 60;
export const LOBBY_TEAM_MAX = 50;

function sessionPublished(c: RuleContext): boolean {
  const sid = c.params['sid'];
  if (sid === undefined) return false;
  return getField(c.read(`sessions/${sid}`), 'status', null) === 'published';
}

/** A lobby entry: the player's name and team (a team number, or null before one is given). */
function lobbyEntryValid(c: RuleContext): boolean {
  const d = c.incoming;
  if (d === undefined || !hasOnly(Object.keys(d), LOBBY_ENTRY_FIELDS)) return false;
  const name = getField(d, 'name', null);
  const team = getField(d, 'team', null);
  return (
    typeof name === 'string' &&
    name.length > 0 &&
    name.length <= LOBBY_NAME_MAX &&
    (team === null || (isInt(team) && team >= 1 && team <= LOBBY_TEAM_MAX))
  );
}

// ---- facility private documents ----

/** `game.facilities.{fid}.capabilities`: what the game says of a facility's capabilities. */
function publicCapabilities(g: DocData, fid: unknown): DocData {
  return isId(fid) ? mapField(mapField(mapField(g, 'facilities'), fid), 'capabilities') : {};
}

/** Spec §5: an order quantity is a whole number from 0 to 999. */
export const ORDER_QTY_MAX = BEER_BOUNDS.quantity.max;

/**
 * An order quantity: a whole number 0…999, and at most the capability's `maxOrderQty` when that
 * is set (above 0). `cap` is the public capability on the game document.
 */
function orderQtyValid(qty: unknown, cap: unknown): boolean {
  if (!isMap(cap)) return false;
  const max = getField(cap, 'maxOrderQty', 0);
  return (
    isInt(qty) &&
    qty >= 0 &&
    qty <= ORDER_QTY_MAX &&
    (typeof max !== 'number' || max <= 0 || qty <= max)
  );
}

function capabilityValidationOnly(after: unknown, before: unknown, cap: unknown): boolean {
  if (deepEqual(after, before)) return true;
  if (!isMap(after) || !isMap(before)) return false;
  return (
    hasOnly(diff(after, before).affected, CAPABILITY_VALIDATION_FIELDS) &&
    typeof getField(after, 'validatedOrder', false) === 'boolean' &&
    orderQtyValid(getField(after, 'validatedOrderQty', 0), cap)
  );
}

/** Only `validatedOrder` and, per existing capability, `validatedOrder` / `validatedOrderQty`. */
function validationOnly(c: RuleContext, publicCaps: DocData): boolean {
  if (c.existing === undefined || c.incoming === undefined) return false;
  if (!hasOnly(diff(c.incoming, c.existing).affected, VALIDATION_FIELDS)) return false;
  if (typeof getField(c.incoming, 'validatedOrder', false) !== 'boolean') return false;
  // The validation names the facility's current week: a late one is refused, never counted for
  // the next week.
  if (getField(c.incoming, 'validatedWeek', null) !== getField(c.existing, 'week', null)) {
    return false;
  }
  const after = getField(c.incoming, 'capabilities', {});
  const before = getField(c.existing, 'capabilities', {});
  if (!isMap(after) || !isMap(before)) return false;
  const keys = Object.keys(after);
  const beforeKeys = Object.keys(before);
  return (
    keys.length === beforeKeys.length &&
    keys.every((k) => Object.hasOwn(before, k)) &&
    keys.length <= MAX_CAPABILITIES &&
    keys.every((k) => capabilityValidationOnly(after[k], before[k], getField(publicCaps, k, {})))
  );
}

// ---- orders ----

function orderValid(c: RuleContext, g: DocData): boolean {
  const o = c.incoming;
  if (o === undefined) return false;
  const keys = Object.keys(o);
  const faciId = getField(o, 'faci_id', null);
  const capaId = getField(o, 'capa_id', null);
  const qty = getField(o, 'orderQty', null);
  const week = getField(o, 'week', null);
  return (
    hasOnly(keys, ORDER_FIELDS) &&
    ORDER_REQUIRED_FIELDS.every((f) => keys.includes(f)) &&
    getField(o, 'game_id', null) === c.params['gid'] &&
    isId(faciId) &&
    isInt(week) &&
    // One order per capability and week ({faci_id}_{capa_id}_{week}), for the current week only.
    c.params['oid'] === `${faciId}_${String(capaId)}_${week}` &&
    week === getField(c.read(`games/${c.params['gid']}/facilities/${faciId}`), 'week', null) &&
    isPlayerOf(c.auth, g, faciId) &&
    !isFinished(g) &&
    isId(capaId) &&
    isId(faciId) &&
    Object.hasOwn(publicCapabilities(g, faciId), capaId) &&
    orderQtyValid(qty, getField(publicCapabilities(g, faciId), capaId, {}))
  );
}

// ---- debrief answers ----

export const ANSWER_FIELDS = ['game_id', 'uid', 'answers', 'submitted'] as const;

function answersValid(c: RuleContext, g: DocData): boolean {
  const d = c.incoming;
  const uid = uidOf(c);
  return (
    d !== undefined &&
    uid !== undefined &&
    uid === c.params['uid'] &&
    isPlayerIn(c.auth, g) &&
    hasOnly(Object.keys(d), ANSWER_FIELDS) &&
    getField(d, 'game_id', null) === c.params['gid'] &&
    getField(d, 'uid', null) === uid &&
    isMap(getField(d, 'answers', null)) &&
    typeof getField(d, 'submitted', null) === 'boolean'
  );
}

// ---- messages ----

function isRecipient(c: RuleContext, g: DocData, to: unknown): boolean {
  if (!isPlayerIn(c.auth, g)) return false;
  if (to === 'all') return true;
  if (!Array.isArray(to)) return false;
  return (
    to.includes('all') ||
    to.slice(0, MAX_MESSAGE_RECIPIENTS).some((fid) => isPlayerOf(c.auth, g, fid))
  );
}

/** Conditions on a game subcollection document, given the game (missing game: denied). */
function withGame(cond: (c: RuleContext, g: DocData) => boolean): Condition {
  return (c) => {
    const g = game(c);
    return g !== undefined && cond(c, g);
  };
}

const readPrivate = withGame((c, g) => seesSecrets(c.auth, g, c.read));
/** The creator writes the game secrets, but never `private/state` (the backend's core state). */
const writePrivate = withGame((c, g) => isCreatorOf(c.auth, g) && c.params['docId'] !== 'state');
const creatorOfGame = withGame((c, g) => isCreatorOf(c.auth, g));

/** The game's session, if any, lets players open the debrief (debriefingMode != 'noaccess'). */
function debriefOpen(g: DocData, read: DocReader): boolean {
  const sid = getField(g, 'session', null);
  if (!isId(sid)) return true;
  return getField(read(`sessions/${sid}`), 'debriefingMode', 'access') !== 'noaccess';
}

/**
 * The final stats (the debrief's data): admins and observers; players of the finished game, and
 * anyone when transparent, only while the debrief is open to players.
 */
function readStats(c: RuleContext, g: DocData): boolean {
  return (
    seesSecrets(c.auth, g, c.read) ||
    isObserver(c.auth, g) ||
    (debriefOpen(g, c.read) &&
      ((signedIn(c.auth) && isTransparent(g)) || (isPlayerIn(c.auth, g) && isFinished(g))))
  );
}

export const RULES: readonly PathRule[] = [
  {
    pattern: 'users/{uid}',
    allow: {
      get: (c) => isUser(c.auth, c.params['uid'] ?? ''),
      create: (c) =>
        isUser(c.auth, c.params['uid'] ?? '') &&
        userCreateAllowed(c) &&
        referrerValid(c) &&
        referralOptInValid(c),
      update: (c) =>
        isUser(c.auth, c.params['uid'] ?? '') &&
        userUpdateAllowed(c) &&
        referrerKept(c) &&
        referralOptInValid(c),
    },
  },
  {
    // The free allowance's count of an instructor without a team: the owner reads it.
    pattern: 'users/{uid}/planUsage/{usageId}',
    allow: {
      get: (c) => isUser(c.auth, c.params['uid'] ?? ''),
      list: (c) => isUser(c.auth, c.params['uid'] ?? ''),
    },
  },
  {
    // A referrer's conversions (backend written): the referrer alone reads them.
    pattern: 'referrals/{uid}/conversions/{conversionId}',
    allow: {
      get: (c) => isUser(c.auth, c.params['uid'] ?? ''),
      list: (c) => isUser(c.auth, c.params['uid'] ?? ''),
    },
  },
  {
    pattern: 'publicProfiles/{uid}',
    allow: {
      get: always,
      list: always,
      create: (c) => isInstructor(c.auth) && c.auth.uid === c.params['uid'],
      update: (c) => isInstructor(c.auth) && c.auth.uid === c.params['uid'],
      delete: (c) => isInstructor(c.auth) && c.auth.uid === c.params['uid'],
    },
  },
  {
    // Written by the backend only (addTeamMember, joinTeamMember, startTrial...). `memberIds`
    // mirrors the keys of `members` so that a member can find its team with array-contains.
    pattern: 'teams/{tid}',
    allow: {
      get: (c) =>
        signedIn(c.auth) &&
        c.existing !== undefined &&
        Object.hasOwn(mapField(c.existing, 'members'), c.auth.uid),
      list: (c) => signedIn(c.auth) && listedIn(c, 'memberIds', c.auth.uid),
    },
  },
  {
    // Pending invitations (addTeamMember): the team's admins list them; written by the backend.
    // userTeams/{uid} and mailOutbox/{id} have no rule: backend only.
    pattern: 'teams/{tid}/invites/{inviteId}',
    allow: {
      get: (c) => isTeamAdmin(c.auth, c.params['tid'], c.read),
      list: (c) => isTeamAdmin(c.auth, c.params['tid'], c.read),
    },
  },
  {
    // Players seated per plan period (joinAs): the members read them; written by the backend.
    // trialGrants/{uid~type} has no rule: backend only.
    pattern: 'teams/{tid}/planUsage/{usageId}',
    allow: {
      get: (c) => isTeamMember(c.auth, c.params['tid'], c.read),
      list: (c) => isTeamMember(c.auth, c.params['tid'], c.read),
    },
  },
  {
    pattern: 'teams/{tid}/planUsage/{usageId}/seats/{seatId}',
    allow: {
      get: (c) => isTeamMember(c.auth, c.params['tid'], c.read),
      list: (c) => isTeamMember(c.auth, c.params['tid'], c.read),
    },
  },
  {
    pattern: 'invoices/{iid}',
    allow: {
      get: (c) => isTeamMember(c.auth, getField(c.existing, 'teamId', null), c.read),
      list: (c) => isTeamMember(c.auth, listed(c, 'teamId'), c.read),
    },
  },
  {
    pattern: 'economicInvoices/{iid}',
    allow: {
      get: (c) => isTeamMember(c.auth, getField(c.existing, 'teamId', null), c.read),
      list: (c) => isTeamMember(c.auth, listed(c, 'teamId'), c.read),
    },
  },
  { pattern: 'templates/{tid}', allow: templateRules },
  { pattern: 'sessionTemplates/{tid}', allow: templateRules },
  {
    pattern: 'sessions/{sid}',
    allow: {
      // A missing session may be read: it reveals only that the id is unknown.
      get: (c) =>
        c.existing === undefined ||
        getField(c.existing, 'status', null) === 'published' ||
        isSessionAdminOf(c.auth, c.existing, c.read),
      list: (c) =>
        signedIn(c.auth) &&
        (listed(c, 'creator') === c.auth.uid || isTeamMember(c.auth, listed(c, 'team'), c.read)),
      create: (c) =>
        isInstructor(c.auth) &&
        getField(c.incoming, 'creator', null) === c.auth.uid &&
        teamAllowed(c.auth, getField(c.incoming, 'team', null), c.read) &&
        getField(c.incoming, 'code', null) === null,
      update: (c) =>
        isCreatorOf(c.auth, c.existing) &&
        getField(c.incoming, 'creator', null) === uidOf(c) &&
        deepEqual(getField(c.incoming, 'code', null), getField(c.existing, 'code', null)) &&
        teamChangeAllowed(c),
      // No delete: a session is deleted by marking it (`deleted: true`), so its id is never free
      // again for someone else to take, with admin rights over its games.
    },
  },
  {
    // A session's round configurations (consumer demand included), kept out of the published
    // session document that players read: only the session admins read them, the creator writes
    // them. One document, `rounds` = {configs: {roundId: config}}.
    pattern: 'sessions/{sid}/private/{docId}',
    allow: {
      get: (c) => isSessionAdmin(c.auth, c.params['sid'], c.read),
      list: (c) => isSessionAdmin(c.auth, c.params['sid'], c.read),
      create: (c) => c.params['docId'] === 'rounds' && sessionCreator(c),
      update: (c) => c.params['docId'] === 'rounds' && sessionCreator(c),
      delete: (c) => sessionCreator(c),
    },
  },
  {
    // Players in a session's lobby: each player writes its own entry while the session is
    // published; the session admins may move a player to another team or remove it.
    pattern: 'sessions/{sid}/players/{uid}',
    allow: {
      get: (c) =>
        signedIn(c.auth) &&
        (sessionPublished(c) || isSessionAdmin(c.auth, c.params['sid'], c.read)),
      list: (c) =>
        signedIn(c.auth) &&
        (sessionPublished(c) || isSessionAdmin(c.auth, c.params['sid'], c.read)),
      create: (c) =>
        isUser(c.auth, c.params['uid'] ?? '') && sessionPublished(c) && lobbyEntryValid(c),
      update: (c) =>
        lobbyEntryValid(c) &&
        ((isUser(c.auth, c.params['uid'] ?? '') && sessionPublished(c)) ||
          isSessionAdmin(c.auth, c.params['sid'], c.read)),
      delete: (c) =>
        isUser(c.auth, c.params['uid'] ?? '') || isSessionAdmin(c.auth, c.params['sid'], c.read),
    },
  },
  {
    // The public game document: no secrets in it (see docs/policy.md), so anyone may get it.
    pattern: 'games/{gid}',
    allow: {
      get: always,
      list: (c) =>
        signedIn(c.auth) &&
        (listed(c, 'creator') === c.auth.uid ||
          listedIn(c, 'players', c.auth.uid) ||
          listedIn(c, 'observers', c.auth.uid) ||
          isTeamMember(c.auth, listed(c, 'team'), c.read) ||
          isSessionAdmin(c.auth, listed(c, 'session'), c.read)),
      create: (c) =>
        isInstructor(c.auth) &&
        getField(c.incoming, 'creator', null) === c.auth.uid &&
        teamAllowed(c.auth, getField(c.incoming, 'team', null), c.read) &&
        gameSessionAllowed(c),
      update: (c) =>
        isCreatorOf(c.auth, c.existing) &&
        getField(c.incoming, 'creator', null) === uidOf(c) &&
        teamChangeAllowed(c) &&
        gameSessionAllowed(c),
      delete: (c) => isCreatorOf(c.auth, c.existing),
    },
  },
  {
    // A facility's private state (stock, backlog, costs, pipeline, incoming orders, validation).
    pattern: 'games/{gid}/facilities/{fid}',
    allow: {
      get: withGame((c, g) => seesAll(c.auth, g, c.read) || isPlayerOf(c.auth, g, c.params['fid'])),
      list: withGame(
        (c, g) => seesAll(c.auth, g, c.read) || isPlayerOf(c.auth, g, c.params['fid']),
      ),
      create: creatorOfGame,
      // A lean game's facility document is its player's view, written by the backend only.
      update: withGame(
        (c, g) =>
          isPlayerOf(c.auth, g, c.params['fid']) &&
          getField(g, 'type', 'beergame') !== 'leangame' &&
          !isFinished(g) &&
          validationOnly(c, publicCapabilities(g, c.params['fid'])),
      ),
      delete: creatorOfGame,
    },
  },
  {
    // Per-facility subcollections (inbox, weekly history...): read like the facility document,
    // written by the backend only.
    pattern: 'games/{gid}/facilities/{fid}/{sub}/{docId}',
    allow: {
      get: withGame((c, g) => seesAll(c.auth, g, c.read) || isPlayerOf(c.auth, g, c.params['fid'])),
      list: withGame(
        (c, g) => seesAll(c.auth, g, c.read) || isPlayerOf(c.auth, g, c.params['fid']),
      ),
    },
  },
  {
    // Game-level secrets (consumer demand, quiz answers...): the roles that see everything.
    pattern: 'games/{gid}/private/{docId}',
    allow: {
      get: readPrivate,
      list: readPrivate,
      create: writePrivate,
      update: writePrivate,
      delete: writePrivate,
    },
  },
  {
    pattern: 'games/{gid}/orders/{oid}',
    allow: {
      get: withGame(
        (c, g) =>
          seesAll(c.auth, g, c.read) ||
          isPlayerOf(c.auth, g, getField(c.existing, 'faci_id', null)),
      ),
      list: withGame(
        (c, g) => seesAll(c.auth, g, c.read) || isPlayerOf(c.auth, g, listed(c, 'faci_id')),
      ),
      create: withGame((c, g) => orderValid(c, g)),
      // A re-sent batch: the same order, only its timestamp may change.
      update: withGame(
        (c, g) =>
          orderValid(c, g) &&
          c.existing !== undefined &&
          hasOnly(diff(c.incoming ?? {}, c.existing).affected, ['created_at']),
      ),
    },
  },
  {
    pattern: 'games/{gid}/messages/{mid}',
    allow: {
      get: withGame(
        (c, g) => seesAll(c.auth, g, c.read) || isRecipient(c, g, getField(c.existing, 'to', null)),
      ),
      list: withGame((c, g) => seesAll(c.auth, g, c.read) || isRecipient(c, g, listed(c, 'to'))),
      create: creatorOfGame,
      update: creatorOfGame,
      delete: creatorOfGame,
    },
  },
  {
    pattern: 'games/{gid}/stats/{stid}',
    allow: {
      get: withGame(readStats),
      list: withGame(readStats),
    },
  },
  {
    // A lean game's units once they have left the line (faciGap, no defect flag); backend only.
    pattern: 'games/{gid}/products/{pid}',
    allow: {
      get: withGame((c, g) => seesAll(c.auth, g, c.read) || isPlayerIn(c.auth, g)),
      list: withGame((c, g) => seesAll(c.auth, g, c.read) || isPlayerIn(c.auth, g)),
    },
  },
  {
    // A lean run's views with hidden defects (`floor`); backend only.
    pattern: 'games/{gid}/views/{vid}',
    allow: {
      get: withGame((c, g) => seesHidden(c.auth, g, c.read)),
      list: withGame((c, g) => seesHidden(c.auth, g, c.read)),
    },
  },
  {
    // A lean run's action log; a player reads its own facility's (where fid == its facility).
    pattern: 'games/{gid}/actions/{aid}',
    allow: {
      get: withGame(
        (c, g) =>
          seesHidden(c.auth, g, c.read) || isPlayerOf(c.auth, g, getField(c.existing, 'fid', null)),
      ),
      list: withGame(
        (c, g) => seesHidden(c.auth, g, c.read) || isPlayerOf(c.auth, g, listed(c, 'fid')),
      ),
    },
  },
  {
    // Join codes of sessions, written by generateSessionCode: a signed-in user gets one code.
    pattern: 'sessionCodes/{code}',
    allow: { get: (c) => signedIn(c.auth) },
  },
  {
    // A player's debrief answers (docId = its uid): written by that player until submitted.
    pattern: 'games/{gid}/answers/{uid}',
    allow: {
      get: withGame((c, g) => uidOf(c) === c.params['uid'] || seesAll(c.auth, g, c.read)),
      list: withGame((c, g) => seesAll(c.auth, g, c.read)),
      create: withGame((c, g) => answersValid(c, g)),
      update: withGame(
        (c, g) => answersValid(c, g) && getField(c.existing, 'submitted', false) !== true,
      ),
    },
  },
  { pattern: 'portals/{pid}', allow: { get: always, list: always } },
  { pattern: 'vatRates/{rid}', allow: { get: always, list: always } },
];
