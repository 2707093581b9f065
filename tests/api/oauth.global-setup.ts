// Starts the local OAuth/OIDC server for the API tests (in Node, outside workerd) and hands its URL to the tests
// through `inject("oauthIssuer")`.
import type { TestProject } from "vitest/node";
import { startOAuthMock } from "../../scripts/lib/oauth-mock";

declare module "vitest" {
  export interface ProvidedContext {
    oauthIssuer: string;
  }
}

export default async function setup(project: TestProject) {
  const mock = await startOAuthMock();
  project.provide("oauthIssuer", mock.url);
  return () => mock.stop();
}
