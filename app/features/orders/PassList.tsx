// The passes that would give what a prompt asks for (access to watch, or clipping), each linking to its purchase, with
// its price: under a heading that labels the list.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { money } from "~/features/commerce/format";
import type { CoveringPass } from "./covering";

export function PassList({ id, heading, passes, testId, newTab = false }: { id: string; heading: string; passes: readonly CoveringPass[]; testId: string; newTab?: boolean }) {
  const { i18n } = useTranslation();
  if (!passes.length) return null;
  const linkProps = newTab ? { target: "_blank", rel: "noopener" } : {};
  return (
    <>
      <p id={id}>{heading}</p>
      <ul className="watch__passes" aria-labelledby={id} data-testid={testId}>
        {passes.map((p) => (
          <li key={p.id}>
            <Link to={p.href} data-product-id={p.id} {...linkProps}>
              {p.name}
            </Link>{" "}
            <span>{money(p.price, p.currency, i18n.language)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}
