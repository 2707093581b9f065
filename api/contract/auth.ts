// The accounts contract (SPEC §3 User, §5 validation, §7 Auth calls, §8 messages), shared by the API and the web
// app. Form schemas take their messages as an argument: the API answers in the spec's English words, the web
// forms show the same rules in the visitor's language.
import { z } from "zod";
import { MINUTE_MS, RECENT_SIGN_IN_MS } from "./constants";
import { EMAIL_PATTERN, isPhone } from "./validation";

/**
 * The web app's session cookie: the API's user token (app/server/session.server.ts). The analytics service, which the
 * browser calls directly, reads the viewer from it rather than from what the records say (issue 25).
 */
export const WEB_SESSION_COOKIE = "sid";

/** SPEC §8 auth messages, word for word. */
export const AUTH_MESSAGES = {
  emailTaken: "The email address you have entered is already registered.",
  wrongAuthData: "Wrong auth data",
  alreadyLoggedIn: "You are already logged in",
  verificationFailed: "Verification failed.",
  emailAlreadyVerified: "Email already verified.",
  userNotFound: "User not found.",
  resetKeyExpired: "Reset password key expired.",
  resetFailed: "Reset password failed.",
  notRegistered: "You are not registered yet. Please accept terms and conditions and click Register to continue.",
  captchaRequired: "Captcha token is required",
  captchaInvalid: "Captcha is invalid or you are a robot",
  unauthenticated: "Unauthenticated",
  temporaryPassword: "Please change your temporary password to continue",
  incorrectPassword: "The current password is incorrect",
  throttled: "Too many attempts. Please try again later.",
  /** ASVS 6.2.4 and 6.2.11, in the words of SPEC §5's "The password is too short". */
  passwordTooCommon: "The password is too common",
  passwordHasEmail: "The password must not contain your email address",
  passwordHasEmailName: "The password must not contain the part of your email address before the @",
  /** zxcvbn's estimate below the floor (ADR 028), with what to do about it. */
  passwordTooWeak: "The password is too easy to guess. Use a longer one, such as a few unrelated words, without your name or the site's name",
  /** A reset link that did its job, beside SPEC §8's "Reset password key expired.". */
  resetLinkUsed: "Reset password link already used.",
  /** Deletion links reuse the verification wording of SPEC §8. */
  deletionFailed: "Verification failed.",
  /** An email change is re-authenticated (issue 25), beside SPEC §8's "incorrect password". */
  currentPasswordForEmail: "Enter your current password to change your email address.",
  recentSignInRequired: `To change your email address, sign out and sign in again first: your sign-in must be less than ${RECENT_SIGN_IN_MS / MINUTE_MS} minutes old.`,
} as const;

/**
 * The local stand-in's captcha token (ADR 028): what the login page's "I am not a robot" box sends where no Turnstile
 * is configured, outside production. It is Turnstile's own test token, so pages and tests work with either.
 */
export const LOCAL_CAPTCHA_TOKEN = "XXXX.DUMMY.TOKEN.XXXX";

export interface AuthFormMessages {
  required: string;
  email: string;
  phone: string;
  minLength: string;
  maxLength: string;
  passwordTooShort: string;
  passwordMismatch: string;
  acceptTerms: string;
}

export const EN_AUTH_FORM: AuthFormMessages = {
  required: "Field is required",
  email: "A valid email address is required",
  phone: "A valid phone number is required",
  minLength: "Field length must be greater than {number}",
  maxLength: "Field length must be less than {number}",
  passwordTooShort: "The password is too short",
  passwordMismatch: "The password and password confirmation do not match",
  acceptTerms: "Please accept terms & conditions",
};

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

const fill = (message: string, n: number) => message.replace("{number}", String(n));
const emptyToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
/** A yes or no sent as JSON (true/false) or from a form ("true"/"false", "on", "1"/"0"); anything else stays as sent. */
const yesNo = (v: unknown) => ({ true: true, on: true, "1": true, false: false, off: false, "0": false })[String(v)] ?? v;

export const authFields = (m: AuthFormMessages) => ({
  email: z
    .string({ error: m.required })
    .trim()
    .min(1, m.required)
    .max(EMAIL_MAX_LENGTH, fill(m.maxLength, EMAIL_MAX_LENGTH))
    .refine((v) => EMAIL_PATTERN.test(v), m.email)
    .transform((v) => v.toLowerCase()),
  /** Any non-empty password (sign-in): the length rule applies when one is chosen. */
  currentPassword: z.string({ error: m.required }).min(1, m.required).max(PASSWORD_MAX_LENGTH, fill(m.maxLength, PASSWORD_MAX_LENGTH)),
  newPassword: z
    .string({ error: m.required })
    .min(1, m.required)
    .min(PASSWORD_MIN_LENGTH, m.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, fill(m.maxLength, PASSWORD_MAX_LENGTH)),
  name: z.string({ error: m.required }).trim().min(1, m.required).max(NAME_MAX_LENGTH, fill(m.maxLength, NAME_MAX_LENGTH)),
  phone: z.preprocess(emptyToUndefined, z.string().trim().refine(isPhone, m.phone).optional()),
  terms: z.preprocess((v) => v === "on" || v === "true" || v === true || v === "1", z.boolean()).refine((v) => v, m.acceptTerms),
  captcha: z.preprocess(emptyToUndefined, z.string().max(4096).optional()),
});

const confirmed = <T extends { password: string; password_confirmation: string }>(m: AuthFormMessages) =>
  [(v: T) => v.password === v.password_confirmation, { message: m.passwordMismatch, path: ["password_confirmation"] as PropertyKey[] }] as const;

export function registerSchema(m: AuthFormMessages = EN_AUTH_FORM) {
  const f = authFields(m);
  return z
    .object({
      first_name: f.name,
      last_name: f.name,
      email: f.email,
      phone: f.phone,
      password: f.newPassword,
      password_confirmation: z.string({ error: m.required }).min(1, m.required),
      terms: f.terms,
      captcha_token: f.captcha,
    })
    .refine(...confirmed(m));
}

export function loginSchema(m: AuthFormMessages = EN_AUTH_FORM) {
  const f = authFields(m);
  // device_token: the known-device token of an earlier sign-in on this browser (ADR 021); the web app sends it.
  return z.object({ email: f.email, password: f.currentPassword, captcha_token: f.captcha, device_token: z.preprocess(emptyToUndefined, z.string().max(512).optional()) });
}

export function passwordResetRequestSchema(m: AuthFormMessages = EN_AUTH_FORM) {
  const f = authFields(m);
  return z.object({ email: f.email, captcha_token: f.captcha });
}

/** The fields a signed link carries (SPEC §2 query parameters email, expires, signature). */
export function signedLinkSchema(m: AuthFormMessages = EN_AUTH_FORM) {
  return z.object({
    email: authFields(m).email,
    expires: z.coerce.number({ error: m.required }).int().positive(),
    signature: z.string({ error: m.required }).min(1, m.required).max(256),
  });
}

export function passwordResetSchema(m: AuthFormMessages = EN_AUTH_FORM) {
  const f = authFields(m);
  return signedLinkSchema(m)
    .extend({ password: f.newPassword, password_confirmation: z.string({ error: m.required }).min(1, m.required) })
    .refine(...confirmed(m));
}

/**
 * POST /profile with the patch override (`_method: "patch"`): only the fields sent change. A new password needs a
 * matching confirmation, and the current password when the account has one.
 */
export function profilePatchSchema(m: AuthFormMessages = EN_AUTH_FORM) {
  const f = authFields(m);
  return z
    .object({
      _method: z.preprocess((v) => (typeof v === "string" ? v.toLowerCase() : v), z.literal("patch")).optional(),
      first_name: f.name.optional(),
      last_name: f.name.optional(),
      email: f.email.optional(),
      // "" clears the phone.
      phone: z.union([z.literal(""), z.string().trim().refine(isPhone, m.phone)]).optional(),
      current_password: z.preprocess(emptyToUndefined, f.currentPassword.optional()),
      password: z.preprocess(emptyToUndefined, f.newPassword.optional()),
      password_confirmation: z.preprocess(emptyToUndefined, z.string().optional()),
      // ASVS 7.4.3: a new password offers to sign out the account's other devices; unsaid, it does.
      end_other_sessions: z.preprocess(yesNo, z.boolean({ error: "end_other_sessions must be true or false." })).optional(),
      /** Spoiler-safe (issue 27): the account hides scores. */
      hide_scores: z.preprocess(yesNo, z.boolean({ error: "hide_scores must be true or false." })).optional(),
    })
    // Whether the current password is needed depends on the account (a social-only one has none): the API decides.
    .refine((v) => v.password === undefined || v.password === v.password_confirmation, {
      message: m.passwordMismatch,
      path: ["password_confirmation"],
    });
}

// What each call's body holds once parsed: the web client sends these, the API's services receive them.
export type RegisterInput = z.output<ReturnType<typeof registerSchema>> & { language?: "en" | "fr" };
export type LoginInput = z.output<ReturnType<typeof loginSchema>>;
export type PasswordResetRequestInput = z.output<ReturnType<typeof passwordResetRequestSchema>>;
/** The query parameters of a mailed link (verification, reset, deletion). */
export type SignedLinkInput = z.output<ReturnType<typeof signedLinkSchema>>;
export type PasswordResetInput = z.output<ReturnType<typeof passwordResetSchema>>;
export type ProfilePatch = Omit<z.output<ReturnType<typeof profilePatchSchema>>, "_method">;

export const SOCIAL_PROVIDERS = ["google", "facebook"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

// ---- What the API answers ----------------------------------------------------------------------------------

export const CAPABILITIES = ["watch", "download", "clipping", "download_clip", "no_ads", "vod_media"] as const;
/**
 * A user's role: an owner runs their channel (analytics, console); an admin runs the platform (creates channels) and
 * may do on their own channel what an owner does (issue 16).
 */
export const USER_ROLES = ["viewer", "owner", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];
export type Capability = (typeof CAPABILITIES)[number];
export type CapabilityFlags = Record<Capability, boolean>;

/** SPEC §3: capabilities are lowercased into flags; `vod_media_access` is read as `vod_media`. Unknown ones are dropped. */
export function capabilityFlags(list: readonly string[]): CapabilityFlags {
  const flags = Object.fromEntries(CAPABILITIES.map((c) => [c, false])) as CapabilityFlags;
  for (const raw of list) {
    const name = raw.trim().toLowerCase();
    const key = name === "vod_media_access" ? "vod_media" : name;
    if ((CAPABILITIES as readonly string[]).includes(key)) flags[key as Capability] = true;
  }
  return flags;
}

export interface FeatureCount {
  clips: number;
  downloads: number;
}

/** The user as every auth and profile call returns it. */
export interface User {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  language: string;
  email_verified: boolean;
  /** A new address waiting for its confirmation link; `email` stays the account's until it is followed (issue 25). */
  pending_email: string | null;
  temporary_password: boolean;
  /** Spoiler-safe (issue 27): the account hides scores on every page and device (a browser's cookie says it signed out). */
  hide_scores: boolean;
  trial_period_used: boolean;
  is_geo_blocked: boolean;
  /** Lowercased capability names (SPEC §3). */
  capabilities: Capability[];
  features: Record<string, unknown>;
  featureCount: FeatureCount;
  /** Sign-in methods linked to the account. */
  providers: SocialProvider[];
  has_password: boolean;
  /** "owner": the channel's owner; "admin": a platform admin (issue 16). */
  role: UserRole;
  /** Verdicts of the role rules (services/auth/roles.ts): may open this channel's console and analytics… */
  can_manage_channel: boolean;
  /** …and the platform's (creating channels). */
  can_manage_platform: boolean;
}

/** login, register and social sign-in: the user and their new session token. */
export interface AuthSession {
  user: User;
  token: string;
  expires_at: number;
  /** From sign-in: the token that makes this browser a known device for the account next time (ADR 021). */
  device_token?: string;
}

/** GET /user/access. */
export interface UserAccess {
  capabilities: Capability[];
  flags: CapabilityFlags;
  /** Clip and download allowances of the user's active passes, summed (0: none). */
  limits: { clips: number; downloads: number };
  /** What is left of them now: each active pass's allowance minus what was charged to it (SPEC §6: per pass). */
  remaining: { clips: number };
  features: Record<string, unknown>;
  featureCount: FeatureCount;
  trial_period_used: boolean;
  is_geo_blocked: boolean;
}

/** A mail in the dev-only outbox. */
export interface OutboxMail {
  id: number;
  kind: string;
  to: string;
  subject: string;
  text: string;
  /** The links in the mail, in order. */
  links: string[];
  status: string;
  created_at: number;
}
