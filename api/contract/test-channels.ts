// POST /dev/channels (development and tests only, issue 24): a test loads a channel of its own.
import { z } from "zod";

export const testChannelInputSchema = z.object({
  /** A tenant definition as tenant-reader reads a folder (users with hashed passwords), without its alias. */
  definition: z.record(z.string(), z.unknown()),
  /** The new alias is `<alias_prefix>-<random>`. */
  alias_prefix: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/),
  /** A loaded channel whose tenant images the definition uses: they are loaded again under the new alias. */
  images_from: z
    .string()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/)
    .optional(),
  /** Epoch ms the definition's relative times count from; default the API's clock. */
  now: z.number().int().positive().optional(),
});
export type TestChannelInput = z.output<typeof testChannelInputSchema>;

export interface TestChannel {
  id: number;
  alias: string;
  channel_key: string;
  /** Epoch ms the relative times were resolved from. */
  now: number;
}
