// The tag of a definition item (api/channels/item-tag.ts): the same item gives the same tag whatever its keys'
// order, any change to it gives another, and a missing item is "absent".
import { describe, expect, it } from "vitest";
import { itemTag } from "../../api/channels/item-tag";
import { ABSENT_ITEM } from "../../api/contract/console";

describe("an item's tag", () => {
  const faq = { key: "what", question: { en: "What?", fr: "Quoi ?" }, answer: "A test." };

  it("is the same for the same item, whatever the order of its keys, and ignores undefined values", () => {
    expect(itemTag(faq)).toBe(itemTag({ answer: "A test.", question: { fr: "Quoi ?", en: "What?" }, key: "what" }));
    expect(itemTag(faq)).toBe(itemTag({ ...faq, image: undefined }));
    expect(itemTag(faq)).toMatch(/^[0-9a-z]{14}$/);
  });

  it("changes with any change: a letter, a nested value, an order within a list, a type", () => {
    const tags = new Set([
      itemTag(faq),
      itemTag({ ...faq, answer: "A test!" }),
      itemTag({ ...faq, question: { en: "What?", fr: "Quoi?" } }),
      itemTag({ ...faq, children: [1, 2] }),
      itemTag({ ...faq, children: [2, 1] }),
      itemTag({ ...faq, children: ["1", 2] }),
      itemTag({ ...faq, answer: null }),
    ]);
    expect(tags.size).toBe(7);
  });

  it("is 'absent' for an item that does not exist", () => {
    expect(itemTag(undefined)).toBe(ABSENT_ITEM);
    expect(itemTag(null)).not.toBe(ABSENT_ITEM);
  });
});
