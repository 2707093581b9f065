// /select-package/{id} (SPEC §2): the buyer picks the sports (or, for a team pass, the teams) a pass covers, up to
// its max_choices; the ones they already hold are shown disabled. Then on to /buy with the picks.
import type { Product } from "@api/contract/commerce-types";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json, redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormNotice } from "~/features/auth/AuthFields";
import { emitCommerceEvent } from "~/features/commerce/events";
import { commerceLinks } from "~/features/commerce/links";
import { loadPurchaseState } from "~/features/commerce/load.server";
import { Includes, Price } from "~/features/commerce/ProductCard";
import { authLink } from "~/lib/auth-paths";
import { metaFromLoader } from "~/lib/route-meta";
import { isApiRequestError } from "~/server/api/errors";
import { notFound, requireTenant, requireUser } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import { readForm } from "~/server/form.server";

/** The pass, if `idParam` names a pass with choices; a non-numeric or unknown id is the 404 page. */
async function loadPass(context: LoaderFunctionArgs["context"], idParam: string | undefined): Promise<Product> {
  if (!/^\d{1,9}$/.test(idParam ?? "")) notFound();
  try {
    return await requireTenant(context).commerce.product("packages", Number(idParam));
  } catch (error) {
    if (isApiRequestError(error, "not_found", "validation")) notFound();
    throw error;
  }
}

const choosable = (p: Product) => p.kind === "package" && p.event_id === null && p.pass_type === "regular" && p.max_choices !== null;
const options = (p: Product) => (p.is_team_pass ? p.participants : p.event_categories);

function selectionSchema(pass: Product, disabled: readonly number[], t?: TFunction) {
  const max = pass.max_choices ?? 1;
  const allowed = options(pass).map((o) => o.id);
  return z.object({
    ids: z
      .array(z.coerce.number().int(), { error: t?.("commerce:select.none") })
      .min(1, t?.("commerce:select.none"))
      .max(max, t?.("commerce:select.tooMany", { count: max }))
      .refine((ids) => ids.every((id) => allowed.includes(id) && !disabled.includes(id)), t?.("commerce:select.none")),
  });
}

export async function loader({ context, params }: LoaderFunctionArgs) {
  const pass = await loadPass(context, params.id);
  if (!choosable(pass)) throw redirect(`/buy?package_id=${pass.id}`);
  const { lang } = requireTenant(context);
  const [held, t] = await Promise.all([loadPurchaseState(context, pass.id), getT(lang)]);
  return {
    pass,
    disabled: pass.is_team_pass ? held.disabled_participant_ids : held.disabled_event_category_ids,
    owned: held.purchased,
    signedIn: Boolean(context.session.user),
    meta: { title: t("commerce:titles.selectPackage", { name: pass.name }) },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const formData = await readForm(request);
  requireUser(context, request);
  const pass = await loadPass(context, params.id);
  if (!choosable(pass)) throw redirect(`/buy?package_id=${pass.id}`);
  const [held, t] = await Promise.all([loadPurchaseState(context, pass.id), getT(requireTenant(context).lang)]);
  const disabled = pass.is_team_pass ? held.disabled_participant_ids : held.disabled_event_category_ids;
  const submission = parseWithZod(formData, { schema: selectionSchema(pass, disabled, t) });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 422 });
  const key = pass.is_team_pass ? "participant_ids" : "category_ids";
  return redirect(`/buy?package_id=${pass.id}&${key}=${submission.value.ids.join(",")}`);
}

export const links = commerceLinks;
export const meta = metaFromLoader;

export default function SelectPackage() {
  const { pass, disabled, owned, signedIn } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { t } = useTranslation("commerce");
  useEffect(() => {
    emitCommerceEvent({ name: "view_item", currency: pass.currency, value: pass.price, items: [{ id: pass.id, name: pass.name, price: pass.price }] });
    // Once per pass shown, not on every re-render.
  }, [pass.id]);
  const [form, fields] = useForm({
    id: "select-package",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: selectionSchema(pass, disabled, t) }),
  });
  const max = pass.max_choices ?? 1;
  const errorId = `${fields.ids.id}-error`;
  const error = fields.ids.errors?.[0];
  return (
    <div className="page narrow select-package">
      <h1>{t("titles.selectPackage", { name: pass.name })}</h1>
      {pass.description ? <p>{pass.description}</p> : null}
      <Price product={pass} />
      <Includes product={pass} />
      {owned ? (
        <FormNotice tone="success">{t("select.allOwned")}</FormNotice>
      ) : (
        <Form method="post" {...getFormProps(form)} className="select-package__form">
          <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
            <legend>
              {t(pass.is_team_pass ? "select.teams" : "select.categories")} — {t("select.intro", { count: max })}
            </legend>
            {options(pass).map((o) => {
              const held = disabled.includes(o.id);
              const id = `choice-${o.id}`;
              return (
                <div className="field field--checkbox" key={o.id}>
                  <input type="checkbox" id={id} name={fields.ids.name} value={o.id} disabled={held} defaultChecked={held} />
                  <label htmlFor={id}>
                    {o.name}
                    {held ? <span className="select-package__held"> ({t("select.owned")})</span> : null}
                  </label>
                </div>
              );
            })}
            {error ? (
              <p id={errorId} className="field__error" role="alert">
                {error}
              </p>
            ) : null}
          </fieldset>
          {signedIn ? (
            <button type="submit" className="button button--primary" disabled={busy}>
              {t("select.continue")}
            </button>
          ) : (
            <Link className="button button--primary" to={authLink("/login", `/select-package/${pass.id}`)}>
              {t("select.loginToContinue")}
            </Link>
          )}
        </Form>
      )}
    </div>
  );
}
