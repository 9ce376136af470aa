import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30000,
    // Setting up a migrated database or a project copy takes several times longer on a loaded 2-core machine.
    hookTimeout: 60000,
  },
});
