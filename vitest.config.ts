import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  test: {
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
          fileParallelism: false,
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
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // The beer class, a session's class and a team's invitation again, with the whole stack
          // on the Cloud Firestore emulator (the session's round start is a client transaction
          // under the rules; the team panel reads invitations under them; a lean class's player
          // reads its views, and is refused the floor and the seed, under them; the dashboard's
          // tags read a team's seats and the Referral tab a referrer's conversions under them).
          name: 'e2e-firestore',
          include: [
            'tests/e2e/beer-class.test.ts',
            'tests/e2e/session-classroom.test.ts',
            'tests/e2e/team-invite.test.ts',
            'tests/e2e/lean-class.test.ts',
            'tests/e2e/trial-seats.test.ts',
          ],
          globalSetup: ['tests/e2e/global-setup-firestore.ts'],
          environment: 'node',
          testTimeout: 120000,
          hookTimeout: 180000,
          fileParallelism: false,
        },
      },
    ],
  },
});
