// Secrets the API signs with. Production must configure them; elsewhere a fixed development value keeps
// `npm start` and the tests working offline.
const DEV_AUTH_SECRET = "dev-only-auth-secret-do-not-use-in-production";

export function authSecret(env: Pick<Env, "AUTH_SECRET" | "APP_ENV">): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.APP_ENV === "production") throw new Error("AUTH_SECRET is not set");
  return DEV_AUTH_SECRET;
}
