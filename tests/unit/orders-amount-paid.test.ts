// What an order has actually cost its buyer (issue 15: a trial read "Amount $14.99" though nothing was charged).
import { describe, expect, it } from "vitest";
import { amountPaid, transactionsByOrder } from "../../api/services/commerce/orders-wire";

type Tx = Parameters<typeof amountPaid>[0][number];
const tx = (kind: Tx["kind"], status: Tx["status"], amount: number): Tx => ({ kind, status, amount });

describe("amountPaid", () => {
  it("counts paid charges and renewals only", () => {
    expect(amountPaid([])).toBe(0);
    expect(amountPaid([tx("charge", "created", 1499)])).toBe(0);
    expect(amountPaid([tx("charge", "failed", 1499)])).toBe(0);
    expect(amountPaid([tx("charge", "paid", 0)])).toBe(0);
    expect(amountPaid([tx("renewal", "paid", 1499), tx("charge", "paid", 0)])).toBe(1499);
    expect(amountPaid([tx("renewal", "failed", 1499), tx("renewal", "paid", 1499), tx("charge", "paid", 1499)])).toBe(2998);
  });

  it("takes refunds off, whether the charge reads paid or refunded, and never goes below zero", () => {
    expect(amountPaid([tx("refund", "refunded", 500), tx("charge", "paid", 1499)])).toBe(999);
    expect(amountPaid([tx("refund", "refunded", 1499), tx("charge", "refunded", 1499)])).toBe(0);
    expect(amountPaid([tx("refund", "refunded", 2000), tx("charge", "paid", 1499)])).toBe(0);
  });
});

describe("transactionsByOrder", () => {
  it("groups a newest-first list by order, keeping the order", () => {
    const rows = [
      { id: 3, orderId: 2 },
      { id: 2, orderId: 1 },
      { id: 1, orderId: 2 },
    ] as unknown as Parameters<typeof transactionsByOrder>[0];
    const by = transactionsByOrder(rows);
    expect(by.get(2)!.map((r) => r.id)).toEqual([3, 1]);
    expect(by.get(1)!.map((r) => r.id)).toEqual([2]);
  });
});
