// One Durable Object per account ("<channel>:<user>"): the account's playing streams (api/services/stream-slots.ts).
// A Durable Object runs one call at a time, so two devices asking for the last slot together cannot both get it.
// The caller passes the clock, so tests can move time.
import { DurableObject } from "cloudflare:workers";
import { STREAM_STOPPED_KEEP_MS, streamTtlMs } from "../contract/streams";
import { beatStream, EMPTY_STREAMS, grantStream, prune, releaseAllBut, releaseStream, stopStream, type StreamClaim, type StreamEntry, type StreamsState } from "../services/stream-slots";

export class StreamGuard extends DurableObject<Env> {
  private async load(): Promise<StreamsState> {
    return (await this.ctx.storage.get<StreamsState>("state")) ?? EMPTY_STREAMS;
  }

  private async save(state: StreamsState): Promise<void> {
    if (!state.streams.length && !state.stopped.length) {
      await this.ctx.storage.deleteAll();
      return;
    }
    await this.ctx.storage.put("state", state);
    // Nothing to keep once every stream is over and every stop mark is read. The alarm runs on the real clock.
    const keep = Math.max(STREAM_STOPPED_KEEP_MS, ...state.streams.map((s) => streamTtlMs(s.heartbeatS)));
    await this.ctx.storage.setAlarm(Date.now() + keep + 1_000);
  }

  async grant(claim: StreamClaim, limit: number, now: number) {
    const { state, outcome } = grantStream(await this.load(), claim, limit, now);
    await this.save(state);
    return outcome;
  }

  async beat(session: number, now: number) {
    const { state, outcome } = beatStream(await this.load(), session, now);
    await this.save(state);
    return outcome;
  }

  async stop(session: number, now: number): Promise<boolean> {
    const { state, found } = stopStream(await this.load(), session, now);
    await this.save(state);
    return found;
  }

  async release(session: number, now: number): Promise<void> {
    await this.save(releaseStream(await this.load(), session, now));
  }

  async releaseAllBut(keep: number | null, now: number): Promise<void> {
    await this.save(releaseAllBut(await this.load(), keep, now));
  }

  async list(now: number): Promise<StreamEntry[]> {
    return prune(await this.load(), now).streams;
  }

  async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}
