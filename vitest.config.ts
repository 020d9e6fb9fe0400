import { defineConfig } from 'vitest/config';

// Three projects: fast tests in Node (contracts, widgets, host app), the server's tests (real
// server, real database) and browser journeys (real Chromium, real server).
export default defineConfig({
  test: {
    // Shoelace's theme is imported as text (`?inline`) into shadow roots; tests check it arrives.
    css: { include: [/@shoelace-style\/shoelace\/dist\/themes\//] },
    // Vitest's default on two cores is one worker; the server's tests wait on their database as
    // often as they compute, so two keep both cores busy.
    maxWorkers: 2,
    // expect.poll gives up after 1 s by default: too soon for a page on a busy two-core machine.
    // The bound only decides when a failing test says so (tests/support/waits.ts).
    expect: { poll: { timeout: 20_000, interval: 50 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['contracts/**/*.test.ts', 'widgets/**/*.test.{ts,tsx}', 'host-app/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          // The server as `npm start` runs it, for the tests that start it as a process of its own.
          globalSetup: ['tests/support/server-bundle.ts'],
          // A worker keeps its modules and its database between files (tests/support/worker-database.ts).
          isolate: false,
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
          // A worker keeps its database and its Chromium between files (tests/e2e/host-helpers.ts).
          isolate: false,
          // The element-by-element files (describe.concurrent) open this many pages at once: each
          // mostly waits for the server and the renderer, so three overlap well on two cores.
          maxConcurrency: 3,
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
