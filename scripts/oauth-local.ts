// `npm run oauth:local`: a local OAuth/OIDC server standing in for Google and Facebook, so their sign-in buttons
// work offline. Put OAUTH_LOCAL_ISSUER=http://127.0.0.1:8790 in .dev.vars, then `npm start` in another terminal.
// Whoever signs in is the identity below (change it with --email / --name).
import { parseArgs } from "node:util";
import { startOAuthMock } from "./lib/oauth-mock";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8790" },
    email: { type: "string", default: "local.viewer@example.test" },
    name: { type: "string", default: "Local Viewer" },
  },
});
const [given, ...family] = values.name.split(" ");
const mock = await startOAuthMock(Number(values.port));
mock.signInAs({
  sub: `local-${values.email}`,
  id: `local-${values.email}`,
  email: values.email,
  email_verified: true,
  given_name: given,
  family_name: family.join(" "),
  first_name: given,
  last_name: family.join(" "),
});
console.log(`Local OAuth server at ${mock.url}: sign-ins come back as ${values.email}. Ctrl-C to stop.`);
const stop = () => void mock.stop().finally(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
