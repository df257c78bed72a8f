// Verifies pact files against a provider with the Pact reference implementation (the Rust core that
// pact-js ships), with the provider-state setup URL the sandbox offers and no request filter: the
// check that the pacts need none. Outside the Maven build; see this folder's README.
//
//   node verify-with-pact-core.js BASE_URL PACT_FILE... [--states URL]
//
// Resolves @pact-foundation/pact-core from NODE_PATH or /tmp/pact/node_modules.
const path = require('path');
const args = process.argv.slice(2);
const statesAt = args.indexOf('--states');
const states = statesAt >= 0 ? args.splice(statesAt, 2)[1] : null;
const [base, ...pacts] = args;
if (!base || pacts.length === 0) {
  console.error('usage: node verify-with-pact-core.js BASE_URL PACT_FILE... [--states URL]');
  process.exit(2);
}
let core;
try {
  core = require('@pact-foundation/pact-core');
} catch (e) {
  core = require(path.join('/tmp/pact/node_modules/@pact-foundation/pact-core'));
}
new core.Verifier({
  providerBaseUrl: base,
  pactUrls: pacts.map((p) => path.resolve(p)),
  providerStatesSetupUrl: states || base.replace(/\/$/, '') + '/_sandbox/pact/provider-states',
  logLevel: process.env.PACT_LOG_LEVEL || 'warn',
})
  .verify()
  .then(
    () => console.log('verified: ' + pacts.join(', ')),
    () => {
      console.error('verification failed');
      process.exit(1);
    },
  );
