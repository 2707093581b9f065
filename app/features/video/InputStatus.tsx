// A live input's state in words and colour: live (an encoder is sending), waiting for the encoder, ended, or none.
import type { LiveInputStatus } from "@api/contract/video";
import { useTranslation } from "react-i18next";

export function InputStatus({ status }: { status: LiveInputStatus | null }) {
  const { t } = useTranslation("video");
  const key = status ?? "none";
  return (
    <span className={`input-status input-status--${key}`} data-status={key}>
      {t(`live.status.${key}`)}
    </span>
  );
}
