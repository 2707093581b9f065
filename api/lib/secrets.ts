// The secret the API signs with (api/env.ts). Production refuses to serve without a real one (deployProblems), so
// the development value is only ever used where the dev tools are on: `npm start` and the tests, offline.
import { appConfig, devToolsOn, DEV_AUTH_SECRET } from "../env";

export function authSecret(env: object): string {
  const config = appConfig(env);
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  if (!devToolsOn(config)) throw new Error("AUTH_SECRET is not set");
  return DEV_AUTH_SECRET;
}
