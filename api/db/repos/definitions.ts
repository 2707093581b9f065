// The stored channel definitions (issue 16).
import { eq, getTableColumns } from "drizzle-orm";
import type { Db } from "../client";
import { channelDefinitions, channels } from "../schema";

/** The channel's stored definition, with its schedule's anchor (null: a fixed channel). */
export function findDefinition(db: Db, channelId: number) {
  return db
    .select({ ...getTableColumns(channelDefinitions), scheduleAnchor: channels.scheduleAnchor })
    .from(channelDefinitions)
    .innerJoin(channels, eq(channels.id, channelDefinitions.channelId))
    .where(eq(channelDefinitions.channelId, channelId))
    .get();
}
