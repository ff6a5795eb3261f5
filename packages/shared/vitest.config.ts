import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'shared',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // A worker keeps the modules it loaded across files (as the web and API projects do): the
    // shared code holds no state a test changes, and loading it again for each of the files was
    // most of this project's time (22 s of CPU with isolation, 9 s without).
    isolate: false,
  },
});
