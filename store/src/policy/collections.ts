/**
 * The policy, collection by collection. Each entry mirrors one `match` block of
 * `firestore.rules`: same path, same conditions, same helper names. An operation without a
 * condition is denied (backend only: functions use a service credential, which bypasses this).
 */
import type { DocData } from '@sim/core/port/data-port';
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
  publicPageActive,
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

/** The rules unroll recipient checks of a message's `to` list up to this many entries. */
export const MAX_MESSAGE_RECIPIENTS = 8;

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

// ---- public pages ----

/** The fields of an instructor's public page (spec §3 publicProfile and workspace). */
export const PUBLIC_PROFILE_FIELDS = [
  'language',
  'logoUrl',
  'filename',
  'useThumbnail',
  'bckColor',
  'mainColor',
  'appTitle',
  'pageName',
  'activePage',
  'slug',
] as const;

/** A page address: lower-case letters, digits and inner dashes, 3 to 40 characters. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/;

/** The page's slug is empty or claimed by `uid` (`slugs/{slug}.uid`). */
function slugClaimedBy(c: RuleContext, uid: string): boolean {
  const slug = getField(c.incoming, 'slug', '');
  if (slug === '') return true;
  if (typeof slug !== 'string' || slug.includes('/')) return false;
  return getField(c.read(`slugs/${slug}`), 'uid', null) === uid;
}

function publicProfileFieldsOnly(c: RuleContext): boolean {
  return c.incoming !== undefined && hasOnly(Object.keys(c.incoming), PUBLIC_PROFILE_FIELDS);
}

/**
 * An instructor's public page lists, to anyone, the instructor's published games outside a
 * session while the page is active: by creator, with draft, archived and deleted false and
 * session null.
 */
function gameListedOnPage(c: RuleContext): boolean {
  return (
    listed(c, 'draft') === false &&
    listed(c, 'archived') === false &&
    listed(c, 'deleted') === false &&
    listed(c, 'session') === null &&
    publicPageActive(listed(c, 'creator'), c.read)
  );
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

/** The welcome tour's states on a profile: a new instructor's 'due', then 'seen'. */
export const WELCOME_TOUR_STATES = ['due', 'seen'] as const;

/**
 * The user's own choices, which only the user writes: `leaderboardConsent` (named on the public
 * leaderboard; off unless true) a boolean, `welcomeTour` absent or one of its states.
 */
function ownChoicesValid(c: RuleContext): boolean {
  const tour = getField(c.incoming, 'welcomeTour', 'seen');
  return (
    typeof getField(c.incoming, 'leaderboardConsent', false) === 'boolean' &&
    typeof tour === 'string' &&
    (WELCOME_TOUR_STATES as readonly string[]).includes(tour)
  );
}

/**
 * Where the user came from (spec §2, §9): `attribution` is the campaign of the link they came
 * through, set once like `invitedBy` (at creation, or added to a profile without one; never
 * changed or removed).
 */
export const ATTRIBUTION_CAMPAIGN_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
  'gclid',
  'zsid',
] as const;
export const ATTRIBUTION_VALUE_MAX = 200;
/** 2100-01-01: a `capturedAt` beyond it is not a time the app wrote. */
export const ATTRIBUTION_TIME_MAX = 4_102_444_800_000;
/** The setup-account answers (spec §9 attribution choices), '' when none was picked. */
const ATTRIBUTION_SOURCES = ['', 'search', 'friend', 'social', 'ads', 'news', 'class', 'other'];

/** `attribution` absent, or only campaign strings of 1 to 200 characters and an int `capturedAt`. */
function attributionValid(c: RuleContext): boolean {
  const a = getField(c.incoming, 'attribution', null);
  if (a === null) return true;
  if (!isMap(a) || !hasOnly(Object.keys(a), [...ATTRIBUTION_CAMPAIGN_FIELDS, 'capturedAt'])) {
    return false;
  }
  const capturedAt = getField(a, 'capturedAt', null);
  return (
    isInt(capturedAt) &&
    capturedAt > 0 &&
    capturedAt <= ATTRIBUTION_TIME_MAX &&
    ATTRIBUTION_CAMPAIGN_FIELDS.every((field) => {
      if (!Object.hasOwn(a, field)) return true;
      const value = a[field];
      return typeof value === 'string' && value.length > 0 && value.length <= ATTRIBUTION_VALUE_MAX;
    })
  );
}

function attributionKept(c: RuleContext): boolean {
  if (c.existing === undefined || c.incoming === undefined) return false;
  const d = diff(c.incoming, c.existing);
  return (
    !hasAny(d.changed, ['attribution']) &&
    !hasAny(d.removed, ['attribution']) &&
    (!hasAny(d.added, ['attribution']) || attributionValid(c))
  );
}

/** The setup-account answer: one of the choices, and the 'other' text at most 200 characters. */
function attributionAnswerValid(c: RuleContext): boolean {
  const source = getField(c.incoming, 'attributionSource', '');
  const other = getField(c.incoming, 'attributionOtherText', '');
  return (
    typeof source === 'string' &&
    ATTRIBUTION_SOURCES.includes(source) &&
    typeof other === 'string' &&
    other.length <= ATTRIBUTION_VALUE_MAX
  );
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

// ---- quote requests ----

export const QUOTE_FIELDS = [
  'uid',
  'institution',
  'email',
  'country',
  'players',
  'gameTypes',
  'message',
  'locale',
  'created_at',
] as const;
const QUOTE_REQUIRED = QUOTE_FIELDS.filter((f) => f !== 'locale');
export const QUOTE_BOUNDS = {
  institution: 200,
  email: 320,
  message: 2000,
  players: { min: 1, max: 100_000 },
} as const;
export const QUOTE_GAME_TYPES = ['beergame', 'leangame'] as const;
/** The rules' `'^[^@ ]+@[^@ ]+[.][^@ ]+$'`. */
const QUOTE_EMAIL = /^[^@ ]+@[^@ ]+[.][^@ ]+$/;

function quoteRequestValid(c: RuleContext): boolean {
  const d = c.incoming;
  if (d === undefined || c.auth === null) return false;
  const keys = Object.keys(d);
  if (!hasOnly(keys, QUOTE_FIELDS) || !QUOTE_REQUIRED.every((k) => keys.includes(k))) {
    return false;
  }
  const { uid, institution, email, country, players, gameTypes, message, created_at } = d;
  const locale = getField(d, 'locale', null);
  return (
    uid === c.auth.uid &&
    typeof institution === 'string' &&
    institution.length > 0 &&
    institution.length <= QUOTE_BOUNDS.institution &&
    typeof email === 'string' &&
    email.length <= QUOTE_BOUNDS.email &&
    QUOTE_EMAIL.test(email) &&
    typeof country === 'string' &&
    /^[A-Z]{2}$/.test(country) &&
    isInt(players) &&
    players >= QUOTE_BOUNDS.players.min &&
    players <= QUOTE_BOUNDS.players.max &&
    Array.isArray(gameTypes) &&
    gameTypes.length >= 1 &&
    gameTypes.length <= QUOTE_GAME_TYPES.length &&
    gameTypes.every((t) => (QUOTE_GAME_TYPES as readonly unknown[]).includes(t)) &&
    new Set(gameTypes).size === gameTypes.length &&
    typeof message === 'string' &&
    message.length <= QUOTE_BOUNDS.message &&
    (!Object.hasOwn(d, 'locale') || (typeof locale === 'string' && /^[a-z]{2}$/.test(locale))) &&
    isInt(created_at) &&
    created_at >= 0
  );
}

// ---- help feedback and the in-app feature board ----

export const FEEDBACK_FIELDS = ['uid', 'message', 'email', 'page', 'locale', 'created_at'] as const;
const FEEDBACK_REQUIRED = ['uid', 'message', 'page', 'created_at'];
export const FEEDBACK_BOUNDS = { message: 2000, email: 320, page: 300 } as const;

/** Optional `locale`: a two-letter language code when present. */
function optionalLocale(d: DocData): boolean {
  const locale = getField(d, 'locale', null);
  return !Object.hasOwn(d, 'locale') || (typeof locale === 'string' && /^[a-z]{2}$/.test(locale));
}

function feedbackValid(c: RuleContext): boolean {
  const d = c.incoming;
  if (d === undefined || c.auth === null) return false;
  const keys = Object.keys(d);
  if (!hasOnly(keys, FEEDBACK_FIELDS) || !FEEDBACK_REQUIRED.every((k) => keys.includes(k))) {
    return false;
  }
  const { uid, message, page, created_at } = d;
  const email = getField(d, 'email', null);
  return (
    uid === c.auth.uid &&
    typeof message === 'string' &&
    message.length > 0 &&
    message.length <= FEEDBACK_BOUNDS.message &&
    (!Object.hasOwn(d, 'email') ||
      (typeof email === 'string' &&
        email.length <= FEEDBACK_BOUNDS.email &&
        QUOTE_EMAIL.test(email))) &&
    typeof page === 'string' &&
    page.length <= FEEDBACK_BOUNDS.page &&
    /^\/.*$/.test(page) &&
    optionalLocale(d) &&
    isInt(created_at) &&
    created_at >= 0
  );
}

export const SUGGESTION_FIELDS = [
  'uid',
  'name',
  'title',
  'details',
  'votes',
  'locale',
  'created_at',
] as const;
const SUGGESTION_REQUIRED = SUGGESTION_FIELDS.filter((f) => f !== 'locale');
export const SUGGESTION_BOUNDS = {
  name: 80,
  title: { min: 3, max: 120 },
  details: 2000,
} as const;

/** A new suggestion: the author's own, bounded, with no votes yet (voteSuggestion counts them). */
function suggestionValid(c: RuleContext): boolean {
  const d = c.incoming;
  if (d === undefined || c.auth === null) return false;
  const keys = Object.keys(d);
  if (!hasOnly(keys, SUGGESTION_FIELDS) || !SUGGESTION_REQUIRED.every((k) => keys.includes(k))) {
    return false;
  }
  const { uid, name, title, details, votes, created_at } = d;
  return (
    uid === c.auth.uid &&
    typeof name === 'string' &&
    name.length > 0 &&
    name.length <= SUGGESTION_BOUNDS.name &&
    typeof title === 'string' &&
    title.length >= SUGGESTION_BOUNDS.title.min &&
    title.length <= SUGGESTION_BOUNDS.title.max &&
    typeof details === 'string' &&
    details.length <= SUGGESTION_BOUNDS.details &&
    votes === 0 &&
    optionalLocale(d) &&
    isInt(created_at) &&
    created_at >= 0
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
        referralOptInValid(c) &&
        attributionValid(c) &&
        attributionAnswerValid(c) &&
        ownChoicesValid(c),
      update: (c) =>
        isUser(c.auth, c.params['uid'] ?? '') &&
        userUpdateAllowed(c) &&
        referrerKept(c) &&
        referralOptInValid(c) &&
        attributionKept(c) &&
        attributionAnswerValid(c) &&
        ownChoicesValid(c),
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
    // Anyone reads an instructor's public page, so it holds the page's fields only.
    pattern: 'publicProfiles/{uid}',
    allow: {
      get: always,
      list: always,
      create: (c) =>
        isInstructor(c.auth) &&
        c.auth.uid === c.params['uid'] &&
        publicProfileFieldsOnly(c) &&
        slugClaimedBy(c, c.auth.uid),
      update: (c) =>
        isInstructor(c.auth) &&
        c.auth.uid === c.params['uid'] &&
        publicProfileFieldsOnly(c) &&
        (deepEqual(getField(c.incoming, 'slug', ''), getField(c.existing, 'slug', '')) ||
          slugClaimedBy(c, c.auth.uid)),
      delete: (c) => isInstructor(c.auth) && c.auth.uid === c.params['uid'],
    },
  },
  {
    // Page addresses: one owner per slug, first come; claimed before the page names it.
    pattern: 'slugs/{slug}',
    allow: {
      get: always,
      create: (c) =>
        isInstructor(c.auth) &&
        SLUG_PATTERN.test(c.params['slug'] ?? '') &&
        c.incoming !== undefined &&
        hasOnly(Object.keys(c.incoming), ['uid']) &&
        getField(c.incoming, 'uid', null) === c.auth.uid,
      delete: (c) => isInstructor(c.auth) && getField(c.existing, 'uid', null) === c.auth.uid,
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
      // An instructor's active public page lists the published sessions to anyone.
      list: (c) =>
        (signedIn(c.auth) &&
          (listed(c, 'creator') === c.auth.uid ||
            isTeamMember(c.auth, listed(c, 'team'), c.read))) ||
        (listed(c, 'status') === 'published' &&
          listed(c, 'deleted') === false &&
          publicPageActive(listed(c, 'creator'), c.read)),
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
        (signedIn(c.auth) &&
          (listed(c, 'creator') === c.auth.uid ||
            listedIn(c, 'players', c.auth.uid) ||
            listedIn(c, 'observers', c.auth.uid) ||
            isTeamMember(c.auth, listed(c, 'team'), c.read) ||
            isSessionAdmin(c.auth, listed(c, 'session'), c.read))) ||
        gameListedOnPage(c),
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
      // Written by the backend only: a beer player's order goes through placeOrder (decision
      // 0026), a lean game's document is its player's view of the run.
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
      // Written by the backend only (placeOrder, in the week's transaction: decision 0026).
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
    // Quote requests from /quote: created in the caller's own name with bounded fields; nobody
    // reads, changes or deletes one on the client.
    pattern: 'quoteRequests/{rid}',
    allow: { create: (c) => signedIn(c.auth) && quoteRequestValid(c) },
  },
  {
    // Feedback from the help menu: created in the caller's own name with bounded fields; nobody
    // reads, changes or deletes one on the client.
    pattern: 'feedback/{fid}',
    allow: { create: (c) => signedIn(c.auth) && feedbackValid(c) },
  },
  {
    // The in-app feature board: instructors read and post; counts change through voteSuggestion.
    pattern: 'suggestions/{sid}',
    allow: {
      get: (c) => isInstructor(c.auth),
      list: (c) => isInstructor(c.auth),
      create: (c) => isInstructor(c.auth) && suggestionValid(c),
    },
  },
  {
    // One vote per user per suggestion (`{sid}~{uid}`), written by voteSuggestion; the voter reads
    // its own.
    pattern: 'suggestionVotes/{vid}',
    allow: {
      get: (c) => signedIn(c.auth) && getField(c.existing, 'uid', null) === c.auth.uid,
      list: (c) => signedIn(c.auth) && listed(c, 'uid') === c.auth.uid,
    },
  },
  {
    // The public leaderboard, written by the backend when a ranked game finishes.
    // demoGrants/{id} and demoUsage/{id} (createDemoGame) have no rule: backend only.
    pattern: 'leaderboard/{gid}',
    allow: { get: always, list: always },
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
  // The plans on sale with their prices; counters/{id} (the invoice number) has no rule.
  { pattern: 'planCatalog/{pid}', allow: { get: always, list: always } },
];
