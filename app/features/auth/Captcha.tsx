// Cloudflare Turnstile, shown only when the deployment has a site key (TURNSTILE_SITE_KEY); off locally. The
// widget writes its token into the form as `captcha_token`, which the API verifies (api/providers/captcha.ts).
import { useNonce } from "~/lib/nonce";

const SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js";

export function Captcha({ siteKey, lang, error }: { siteKey: string | null; lang: string; error?: string }) {
  const nonce = useNonce();
  if (!siteKey) return null;
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
