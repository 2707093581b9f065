// The follow buttons' calls (issue 12): POST intent=follow (type, favoritable_id), intent=unfollow (id) and
// intent=remind (id, remind). Answers JSON to the buttons' fetchers; after a POST, Remix reloads the root's
// favourites, so every button on the page shows the new state. A signed-out visitor is sent to log in, and the
// follow is completed by the sign-in (pending-follow.server.ts). Without JavaScript the form posts here as a
// document request and is sent back to its page (the hydrated buttons add `FetchMarker` to ask for JSON); a refusal
// goes back with its code (`?notice=`, app/lib/page-notice.ts), which the page shows in the visitor's language.
import { json, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { FAVORITABLE_TYPES, FAVORITE_MESSAGES, type FavoritableType } from "@api/contract/favorites";
import { authLink, returnPath } from "~/lib/auth-paths";
import { PAGE_NOTICES, withNotice, type PageNotice } from "~/lib/page-notice";
import { optionalUser } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { rememberFollow } from "~/server/pending-follow.server";
import { isApiRequestError } from "~/server/api/errors";
import { destroySession } from "~/server/session.server";
import { answersJson, readForm } from "~/server/form.server";

export type FavoritesActionData = { ok: true; intent: string } | { ok: false; intent: string; message: string };

const positiveId = (value: FormDataEntryValue | null): number | undefined => {
  const n = Number(value);
  return typeof value === "string" && /^\d{1,12}$/.test(value) && n > 0 ? n : undefined;
};

/** The API's refusals the visitor can act on, as the page's notices (their words are in the locales). */
const REFUSALS: Record<string, PageNotice> = {
  [FAVORITE_MESSAGES.tooMany]: "favorites-too-many",
  [FAVORITE_MESSAGES.typeInvalid]: "favorites-failed",
  "Not found": "favorites-gone",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const { tenant, user, api } = optionalUser(context);
  const t = await getT(tenant.lang);
  const intent = String(form?.get("intent") ?? "");
  const back = returnPath(form?.get("redirectTo"), "/");
  // A document POST (no JavaScript) goes back to its page; the buttons' fetchers (which add `fetch`) get JSON.
  const fromFetcher = answersJson(form, request);
  const answer = (data: FavoritesActionData, status = 200) => (fromFetcher ? json(data, { status }) : redirect(back));
  const refused = (notice: PageNotice, status = 400) =>
    fromFetcher ? answer({ ok: false, intent, message: t(PAGE_NOTICES[notice]) }, status) : redirect(withNotice(back, notice));

  const type = String(form?.get("type") ?? "") as FavoritableType;
  const favoritableId = positiveId(form?.get("favoritable_id") ?? null);
  if (!user) {
    // SPEC §4: favourites need a signed-in user. Keep the follow for after the sign-in.
    if (intent !== "follow" || !FAVORITABLE_TYPES.includes(type) || !favoritableId) {
      return fromFetcher ? answer({ ok: false, intent, message: t("favorites:errors.loginRequired") }, 401) : redirect(authLink("/login", back));
    }
    return redirect(authLink("/login", back), { headers: { "Set-Cookie": rememberFollow(request, type, favoritableId) } });
  }

  const run = async (call: Promise<{ ok: true } | { ok: false; status: number; message: string }>) => {
    try {
      const result = await call;
      return result.ok ? answer({ ok: true, intent }) : refused(REFUSALS[result.message] ?? "favorites-failed", result.status);
    } catch (error) {
      // The session ended meanwhile: log in again, then come back.
      if (isApiRequestError(error, "unauthenticated")) return redirect(authLink("/login", back), { headers: { "Set-Cookie": destroySession(request) } });
      throw error;
    }
  };
  if (intent === "follow") {
    if (!FAVORITABLE_TYPES.includes(type) || !favoritableId) return refused("favorites-failed", 422);
    return run(api.favorites.add(type, favoritableId));
  }
  const id = positiveId(form?.get("id") ?? null);
  if (!id) return refused("favorites-gone", 404);
  if (intent === "unfollow") return run(api.favorites.remove(id));
  if (intent === "remind") return run(api.favorites.setRemind(id, form?.get("remind") === "true"));
  return refused("favorites-failed");
}
