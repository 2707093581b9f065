// Cloudflare Notifications for Stream Live (issue 16): an encoder connected to, disconnected from or errored on a
// live input. The notification's webhook destination carries a secret, sent back as `cf-webhook-auth`; without
// CLOUDFLARE_STREAM_NOTIFICATION_SECRET (and Stream) configured nothing is accepted. The account's notifications
// come to one URL, so this is mounted before the host's channel is resolved and finds the input by its uid.
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { streamLiveNotificationSchema, VIDEO_MESSAGES } from "../contract/video";
import { inputByProviderUid } from "../db/repos/live-inputs";
import { timingSafeEqual } from "../lib/crypto";
import { ApiError } from "../lib/errors";
import { body } from "../lib/validate";
import { usesStream, videoSettings } from "../providers/video";
import { platformScope } from "../services/video/ingest";
import { reportStreamConnection } from "../services/video/stream-live";

const encoder = new TextEncoder();

export const videoNotificationRoutes = new Hono<AppEnv>().post(
  "/video/live-notifications",
  async (c, next) => {
    const settings = videoSettings(c.env);
    const secret = usesStream(settings) ? settings.CLOUDFLARE_STREAM_NOTIFICATION_SECRET : undefined;
    const given = c.req.header("cf-webhook-auth") ?? "";
    if (!secret || !timingSafeEqual(encoder.encode(given), encoder.encode(secret))) throw new ApiError(401, VIDEO_MESSAGES.badNotificationSecret);
    c.header("Cache-Control", "no-store");
    await next();
  },
  body(streamLiveNotificationSchema),
  async (c) => {
    const notification = c.req.valid("json");
    const db = c.get("db");
    const now = c.get("now")();
    const data = notification.data;
    const found = data && (await inputByProviderUid(db, "cloudflare", data.input_id));
    // Inputs this platform did not create (made in Stream's dashboard), and a "Save and Test" ping, are acknowledged.
    if (!found) return c.json({ data: { handled: null } });
    const outcome = await reportStreamConnection(platformScope(db, c.env, found.channel, now, "video-notifications"), found.input, { ...notification, data });
    return c.json({ data: { handled: outcome } });
  },
);
