// Cloudflare Turnstile, shown only when the deployment has a site key (TURNSTILE_SITE_KEY); off locally. The
// widget writes its token into the form as `captcha_token`, which the API verifies (api/providers/captcha.ts).
// Where the API asks for a captcha itself (sign-in past the per-account limit, ADR 028) and no Turnstile is
// configured, a local stand-in takes its place: a box that sends Turnstile's test token, and works without script.
import { LOCAL_CAPTCHA_TOKEN } from "@api/contract/auth";
import { useTranslation } from "react-i18next";
import { FieldError } from "~/features/auth/AuthFields";
import { useNonce } from "~/lib/nonce";

const SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js";

export function Captcha({ siteKey, lang, error, asked = false }: { siteKey: string | null; lang: string; error?: string; asked?: boolean }) {
  const nonce = useNonce();
  if (!siteKey) return asked ? <LocalCaptcha error={error} /> : null;
  return (
    <div className="field">
      <script src={SCRIPT} async defer nonce={nonce} />
      <div className="cf-turnstile" data-sitekey={siteKey} data-language={lang} data-response-field-name="captcha_token" />
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function LocalCaptcha({ error }: { error?: string }) {
  const { t } = useTranslation("auth");
  return (
    <div className="field field--checkbox">
      <input id="captcha-stand-in" type="checkbox" name="captcha_token" value={LOCAL_CAPTCHA_TOKEN} aria-describedby={error ? "captcha-stand-in-error" : undefined} aria-invalid={error ? true : undefined} />
      <label htmlFor="captcha-stand-in">{t("captcha.standIn")}</label>
      <FieldError id="captcha-stand-in-error" errors={error ? [error] : undefined} />
    </div>
  );
}
