// Typed account calls (SPEC §7 "Auth", profile, access). Anonymous calls go through `authEndpoints`; calls made
// for a signed-in user go through `withUser(token)`, which adds the Bearer header and reports a 401 so the web
// session can be cleared (SPEC §8). The request's viewer has them bound once (viewer-api.server.ts: `api.account`).
import type {
  AuthSession,
  LoginInput,
  OutboxMail,
  PasswordResetInput,
  PasswordResetRequestInput,
  ProfilePatch,
  RegisterInput,
  SignedLinkInput,
  User,
  UserAccess,
} from "@api/contract/auth";
import type { Language } from "@api/contract/constants";
import { asUser, createApiClient, type ApiClient, type ApiClientOptions } from "./client.server";

type Data<T> = { data: T };
const data = <T>(p: Promise<Data<T>>) => p.then((r) => r.data);

function anonymousCalls(client: ApiClient) {
  return {
    register: (input: RegisterInput) => data(client.post<Data<AuthSession>>("v2/auth/register", { body: { ...input } })),
    login: (input: LoginInput) => data(client.post<Data<AuthSession>>("v2/auth/login", { body: { ...input } })),
    emailVerify: (link: SignedLinkInput) => data(client.post<Data<User>>("auth/email-verify", { body: { ...link } })),
    passwordResetRequest: (input: PasswordResetRequestInput) =>
      data(client.post<Data<{ sent: true }>>("auth/password-reset-request", { body: { ...input } })),
    /** Whether a reset link still works, without using it (the API's 422 says why not). */
    passwordResetCheck: (link: SignedLinkInput) => data(client.post<Data<{ valid: true }>>("auth/password-reset/check", { body: { ...link } })),
    passwordReset: (input: PasswordResetInput) =>
      data(client.post<Data<{ reset: true }>>("auth/password-reset", { body: { ...input } })),
    /** Public: the signed link is the proof (SPEC §7). */
    deleteAccountConfirm: (link: SignedLinkInput) =>
      data(client.post<Data<{ deleted: true }>>("delete-account-confirm", { public: true, body: { ...link } })),
    /** The channel's outbox (dev and test only; the API answers 404 in production). */
    devOutbox: (limit = 50) => data(client.get<Data<OutboxMail[]>>("dev/outbox", { query: { limit } })),
  };
}

function userCalls(client: ApiClient) {
  return {
    logout: () => data(client.post<Data<{ logged_out: true }>>("auth/logout")),
    resendVerification: () => data(client.post<Data<{ sent: true }>>("auth/email-verify/resend")),
    profile: () => data(client.get<Data<User>>("profile")),
    /** SPEC §4: the profile update is sent as a patch override. */
    updateProfile: (patch: ProfilePatch) => data(client.post<Data<User>>("profile", { body: { ...patch, _method: "patch" } })),
    access: () => data(client.get<Data<UserAccess>>("user/access")),
    deleteAccountRequest: () => data(client.post<Data<{ sent: true }>>("auth/delete-account-request")),
  };
}

export type AnonymousAuthCalls = ReturnType<typeof anonymousCalls>;
export type UserAuthCalls = ReturnType<typeof userCalls>;

/** The account calls of one channel, built on the same client options (key source, visitor headers) as the rest. */
export function authEndpoints(options: ApiClientOptions) {
  return {
    ...anonymousCalls(createApiClient(options)),
    /** The calls made as the user holding `token`; `onUnauthenticated` runs when the API answers 401. */
    withUser(token: string | null, onUnauthenticated?: () => void): UserAuthCalls {
      return userCalls(createApiClient(asUser(options, token, onUnauthenticated)));
    },
  };
}

export type AuthEndpoints = ReturnType<typeof authEndpoints>;
