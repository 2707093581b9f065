import { API_KEY_RELOAD_STEP_MS, API_KEY_RELOAD_WAIT_S } from "@api/contract/constants";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * The full-page reload screen (SPEC §4): shown when the channel's api key cannot be obtained. The button
 * stays disabled for 60 s, counting down in 1 s steps; reloading makes the server ask for a key again.
 */
export function ReloadScreen() {
  const { t } = useTranslation();
  const [left, setLeft] = useState(API_KEY_RELOAD_WAIT_S);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => Math.max(0, s - 1)), API_KEY_RELOAD_STEP_MS);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <main className="reload-screen" aria-labelledby="reload-title">
      <h1 id="reload-title">{t("reload.title")}</h1>
      <p>{t("reload.body")}</p>
      <p className="reload-screen__countdown" role="status" aria-live="polite" data-testid="reload-countdown" data-seconds={left}>
        {left > 0 ? t("reload.countdown", { count: left }) : t("reload.ready")}
      </p>
      <button type="button" className="button button--primary" disabled={left > 0} onClick={() => window.location.reload()}>
        {t("reload.button")}
      </button>
    </main>
  );
}
