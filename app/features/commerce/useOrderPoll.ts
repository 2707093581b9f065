// Order polling after checkout (SPEC §4, §9): the order is fetched every 2000 ms through /buy/order/{id}; it
// resolves when paid, rejects (with the failure popup) when failed, and a request error stops it too.
import type { Order } from "@api/contract/commerce-types";
import { useEffect, useRef } from "react";

export const ORDER_POLL_MS = 2000;

export type PollOutcome = { kind: "paid"; order: Order } | { kind: "failed"; order: Order } | { kind: "error" };

export function useOrderPoll(orderId: number | null, onDone: (outcome: PollOutcome) => void): void {
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (orderId === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const finish = (outcome: PollOutcome) => {
      stopped = true;
      done.current(outcome);
    };
    const tick = async () => {
      try {
        const res = await fetch(`/buy/order/${orderId}`, { headers: { accept: "application/json" }, signal: controller.signal });
        if (!res.ok || !res.headers.get("content-type")?.includes("application/json")) return finish({ kind: "error" });
        const { order } = (await res.json()) as { order: Order };
        if (stopped) return;
        if (order.status === "paid") return finish({ kind: "paid", order });
        if (order.status === "failed") return finish({ kind: "failed", order });
        timer = setTimeout(tick, ORDER_POLL_MS);
      } catch {
        // Leaving the page aborts the request: that is not a failure to show.
        if (!controller.signal.aborted) finish({ kind: "error" });
      }
    };
    timer = setTimeout(tick, ORDER_POLL_MS);
    return () => {
      stopped = true;
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderId]);
}
