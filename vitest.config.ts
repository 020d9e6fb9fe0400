import { defineConfig } from 'vitest/config';

// Two projects: fast tests (unit + server integration, Node) and browser journeys (real Chromium,
// real server), which run one file at a time so a 2-core CI machine is not overcommitted.
export default defineConfig({
  test: {
    // Shoelace's theme is imported as text (`?inline`) into shadow roots; tests check it arrives.
    css: { include: [/@shoelace-style\/shoelace\/dist\/themes\//] },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['contracts/**/*.test.ts', 'widgets/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'host-app/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
