/**
 * Loaded into the real server by server-shutdown.test.ts (`node --import`), not a test file itself: on SIGUSR2 it
 * raises what a bug would, an error nobody catches (FAIL_ON_SIGUSR2=exception) or a promise rejection nobody handles
 * (FAIL_ON_SIGUSR2=rejection), so the test can watch the server close its database on that path.
 */
const kind = process.env.FAIL_ON_SIGUSR2;
process.on('SIGUSR2', () => {
  if (kind === 'rejection') void Promise.reject(new Error('a rejection nobody handled (raised by the test)'));
  else
    setImmediate(() => {
      throw new Error('an error nobody caught (raised by the test)');
    });
});
