import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/**
 * The order test files start in when several run at once (the integration and end-to-end
 * projects below): longest first, so the run ends soon after its longest file and the
 * short files fill the gaps beside it. Vitest's own order puts one project's files before the
 * next project's, which would start the Firestore lean class (the longest file) last.
 *
 * A file's length is its duration in Vitest's results of the last run on this machine, else the
 * figure below (seconds, in a run of every file three at a time on a 2-core machine), else a
 * middling guess.
 * A fresh clone (CI) has no results, so the figures matter there; a new long file belongs here.
 */
const EXPECTED_SECONDS: Readonly<Record<string, number>> = {
  'e2e-firestore:tests/e2e/lean-class.test.ts': 245,
  'e2e:tests/e2e/lean-class.test.ts': 242,
  'e2e:tests/e2e/lan.test.ts': 219,
  'e2e-firestore:tests/e2e/lean-editor.test.ts': 111,
  'e2e:tests/e2e/lean-editor.test.ts': 104,
  'e2e:tests/e2e/accessibility.test.ts': 100,
  'e2e:tests/e2e/public-face-portal.test.ts': 80,
  'e2e-firestore:tests/e2e/beer-class.test.ts': 72,
  'e2e-firestore:tests/e2e/leaderboard-lean-tour.test.ts': 71,
  'e2e:tests/e2e/visitors.test.ts': 70,
  'e2e:tests/e2e/leaderboard-lean-tour.test.ts': 66,
  'e2e-firestore:tests/e2e/purchase.test.ts': 65,
  'e2e:tests/e2e/trial-seats.test.ts': 63,
  'e2e-firestore:tests/e2e/trial-seats.test.ts': 60,
  'e2e:tests/e2e/purchase.test.ts': 58,
  'e2e:tests/e2e/beer-class.test.ts': 56,
  'e2e:tests/e2e/music-welcome.test.ts': 55,
  'e2e:tests/e2e/team-invite.test.ts': 54,
  'e2e:tests/e2e/accounts.test.ts': 53,
  'e2e:tests/e2e/navigation.test.ts': 52,
  'e2e-firestore:tests/e2e/session-classroom.test.ts': 52,
  'e2e:tests/e2e/help-feedback-board.test.ts': 51,
  'e2e:tests/e2e/analytics-consent.test.ts': 51,
  'e2e-firestore:tests/e2e/team-invite.test.ts': 50,
  'e2e:tests/e2e/session-classroom.test.ts': 47,
  'e2e:tests/e2e/excel-export.test.ts': 45,
};

/** A file with no figure: long enough to start before the short files. */
const UNKNOWN_SECONDS = 40;

class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const expected = (spec: TestSpecification): number => {
      const key = `${spec.project.name}:${relative(root, spec.moduleId).replaceAll('\\', '/')}`;
      const last = this.ctx.cache.getFileTestResults(key);
      if (last && !last.failed && last.duration > 0) return last.duration / 1000;
      return EXPECTED_SECONDS[key] ?? UNKNOWN_SECONDS;
    };
    // Vitest's order breaks ties; a project's group order still comes first.
    const base = await super.sort(files);
    return base
      .map((spec, index) => ({ spec, index, seconds: expected(spec) }))
      .sort(
        (a, b) =>
          a.spec.project.config.sequence.groupOrder - b.spec.project.config.sequence.groupOrder ||
          b.seconds - a.seconds ||
          a.index - b.index,
      )
      .map(({ spec }) => spec);
  }
}

/**
 * End-to-end files at once, over both stacks: most of their time is waiting (timers, the network,
 * a real-time lean run), so three keep two cores busy while leaving room for the pages that must
 * keep pace with a clock. Each file has its own users and games, so they share a stack
 * (docs/decisions/0023-test-gate-time.md).
 */
const E2E_WORKERS = 3;

export default defineConfig({
  test: {
    // Longest files first: with files in parallel the run ends soon after its longest one.
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'core/src/**/*.test.ts',
            'src/**/*.test.{ts,tsx}',
            'store/src/**/*.test.ts',
            'functions/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // Vitest's default is one fewer than the cores: one file at a time on two cores, with
          // a core idle while each file loads (73 s against 45 s with two on this machine).
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: [
            'tests/contract/**/*.test.ts',
            'tests/policy/**/*.test.ts',
            'tests/handlers/**/*.test.ts',
          ],
          // The Firestore emulator for the whole run; each worker gets its address.
          globalSetup: ['tests/firestore-emulator.ts'],
          setupFiles: ['tests/firestore-emulator-env.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          // Two files at once: each uses its own Firestore project id and its own local store.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          environment: 'node',
          testTimeout: 120000,
          hookTimeout: 180000,
          // One pool with e2e-firestore (same group order and worker count).
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 2 },
        },
      },
      {
        resolve: { alias },
        test: {
          // The beer class, a session's class and a team's invitation again, with the whole stack
          // on the Cloud Firestore emulator (the session's round start is a client transaction
          // under the rules; the team panel reads invitations under them; a lean class's player
          // reads its views, and is refused the floor and the seed, under them; the dashboard's
          // tags read a team's seats and the Referral tab a referrer's conversions under them; a
          // lean player whose station the computer took keeps reading its own view under them; a
          // new instructor's profile takes the welcome tour and the leaderboard answer under them;
          // the subscription tab's purchase reads a team's invoices and payments under them).
          name: 'e2e-firestore',
          include: [
            'tests/e2e/beer-class.test.ts',
            'tests/e2e/session-classroom.test.ts',
            'tests/e2e/team-invite.test.ts',
            'tests/e2e/lean-class.test.ts',
            'tests/e2e/lean-editor.test.ts',
            'tests/e2e/lean-takeover.test.ts',
            'tests/e2e/trial-seats.test.ts',
            'tests/e2e/leaderboard-lean-tour.test.ts',
            'tests/e2e/purchase.test.ts',
          ],
          globalSetup: ['tests/e2e/global-setup-firestore.ts'],
          environment: 'node',
          testTimeout: 120000,
          hookTimeout: 180000,
          maxWorkers: E2E_WORKERS,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
