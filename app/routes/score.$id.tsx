// /score/{id} (issue 27): the scorekeeper's page, phone first. The channel's owner, or an account granted the
// scorekeeper role for the event or the season, taps the plays of the event's sport, the period, the clock, key plays,
// undo and the final whistle; every tap goes through a queue that survives a lost connection (tap-queue.ts). The
// rules are the API's: the page offers the sport's plays and shows the API's verdicts and refusals.
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ScoreKeeper } from "~/features/scores/ScoreKeeper";
import { matchup, participantLabel, sides } from "~/lib/format";
import { metaFromLoader } from "~/lib/route-meta";
import { loadEvent } from "~/server/events.server";
import { requireUser } from "~/server/guards.server";
import { getT } from "~/server/i18n.server";
import scoresCss from "~/styles/scores.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: scoresCss }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant, api } = requireUser(context, request);
  const event = await loadEvent(context, params.id);
  const [game, t] = await Promise.all([api.scores.game(event.id), getT(tenant.lang)]);
  const teams = sides(event);
  return {
    eventId: event.id,
    channel: tenant.channel.alias,
    name: matchup(event),
    away: teams ? participantLabel(teams.away) : null,
    home: teams ? participantLabel(teams.home) : null,
    game,
    meta: { title: t("scores:keeper.title", { name: matchup(event) }) },
  };
}

export const meta = metaFromLoader;

export default function ScorePage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("scores");
  if (!data.game || !data.game.can_keep_score) {
    return (
      <div className="page score-page">
        <h1>{t("keeper.heading")}</h1>
        <p role="alert">{data.game ? t("keeper.notAllowed") : t("keeper.noScoring")}</p>
      </div>
    );
  }
  return (
    <div className="page score-page">
      <h1 className="score-page__title">
        {t("keeper.heading")}
        <span className="score-page__event">{data.name}</span>
      </h1>
      <ScoreKeeper
        eventId={data.eventId}
        queueKey={`score-queue:${data.channel}:${data.eventId}`}
        initial={{ state: data.game.state, plays: data.game.plays }}
        away={data.away ?? t("keeper.side")}
        home={data.home ?? t("keeper.side")}
      />
    </div>
  );
}
