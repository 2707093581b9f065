// The stored channel definitions (issue 16).
import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { channelDefinitions } from "../schema";

export function findDefinition(db: Db, channelId: number) {
  return db.select().from(channelDefinitions).where(eq(channelDefinitions.channelId, channelId)).get();
}
