import { useTranslation } from "react-i18next";

/** A plain page for a host that is no channel: no theme, no menus, nothing of another channel. */
export function ChannelNotFound() {
  const { t } = useTranslation();
  return (
    <main className="plain-page">
      <h1>{t("channelNotFound.title")}</h1>
      <p>{t("channelNotFound.body")}</p>
    </main>
  );
}
