// "Continue with Google / Facebook". On the login page the buttons are links that start the flow; on the
// registration page they submit the registration form (which must sit around them) so its action can check the
// terms box before the flow starts. Both work without JavaScript.
import type { SocialProvider } from "@api/contract/auth";
import { useTranslation } from "react-i18next";

export interface SocialSignInProps {
  mode: "login" | "register";
  providers: SocialProvider[];
  redirectTo?: string;
}

const PROVIDER_NAMES: Record<SocialProvider, string> = { google: "Google", facebook: "Facebook" };

export function socialStartHref(provider: SocialProvider, redirectTo?: string): string {
  const back = redirectTo && redirectTo !== "/" ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
  return `/auth/login/${provider}${back}`;
}

export function SocialSignIn({ mode, providers, redirectTo }: SocialSignInProps) {
  const { t } = useTranslation("auth");
  if (!providers.length) return null;
  return (
    <div className="social-sign-in" role="group" aria-label={t("social.label")}>
      <p className="social-sign-in__or" aria-hidden="true">
        <span>{t("social.or")}</span>
      </p>
      {providers.map((provider) => {
        const label = t("social.continueWith", { provider: PROVIDER_NAMES[provider] });
        const content = (
          <>
            <ProviderLogo provider={provider} />
            <span>{label}</span>
          </>
        );
        // A plain link, not <Link>: the target answers with a redirect to the provider, a full navigation.
        return mode === "login" ? (
          <a key={provider} href={socialStartHref(provider, redirectTo)} className={`button social-sign-in__button social-sign-in__button--${provider}`}>
            {content}
          </a>
        ) : (
          <button
            key={provider}
            type="submit"
            name="provider"
            value={provider}
            formNoValidate
            className={`button social-sign-in__button social-sign-in__button--${provider}`}
          >
            {content}
          </button>
        );
      })}
    </div>
  );
}

function ProviderLogo({ provider }: { provider: SocialProvider }) {
  if (provider === "facebook") {
    return (
      <svg className="social-sign-in__logo" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="12" fill="#1877F2" />
        <path
          fill="#fff"
          d="M16.67 15.47 17.2 12h-3.33V9.75c0-.95.47-1.87 1.96-1.87h1.51V4.92s-1.37-.23-2.69-.23c-2.74 0-4.53 1.66-4.53 4.66V12H7.08v3.47h3.04V24h3.75v-8.53h2.8Z"
        />
      </svg>
    );
  }
  return (
    <svg className="social-sign-in__logo" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="#4285F4" d="M23.49 12.27c0-.79-.07-1.54-.19-2.27H12v4.51h6.47a5.54 5.54 0 0 1-2.4 3.58v3h3.86c2.26-2.09 3.56-5.17 3.56-8.82Z" />
      <path fill="#34A853" d="M12 24c3.24 0 5.95-1.08 7.93-2.91l-3.86-3c-1.08.72-2.45 1.16-4.07 1.16-3.13 0-5.78-2.11-6.73-4.96H1.29v3.09A11.99 11.99 0 0 0 12 24Z" />
      <path fill="#FBBC05" d="M5.27 14.29A7.2 7.2 0 0 1 4.89 12c0-.79.14-1.56.38-2.29V6.62H1.29a11.99 11.99 0 0 0 0 10.76l3.98-3.09Z" />
      <path fill="#EA4335" d="M12 4.75c1.77 0 3.35.61 4.6 1.8l3.42-3.42C17.95 1.19 15.24 0 12 0 7.31 0 3.26 2.69 1.29 6.62l3.98 3.09C6.22 6.86 8.87 4.75 12 4.75Z" />
    </svg>
  );
}
