// The console's row editor (issue 16): a form's fields and a menu entry's children read back from the posted form,
// rows added, removed and moved by intent without JavaScript, and keys made for new rows.
import { describe, expect, it } from "vitest";
import { applyRowIntent, readForm, rowKeep, type Field } from "../../app/features/console/fields";
import { completeFormFields, completeMenuChildren } from "../../app/features/console/row-keys";
import { listSection } from "../../app/features/console/sections";

const ctx = { refs: {}, images: [], timeZone: "UTC", lang: "fr" };
const formFields = listSection("forms")!.fields(ctx);
const menuFields = listSection("menu")!.fields(ctx);
const rows = formFields.find((f) => f.name === "fields") as Extract<Field, { kind: "rows" }>;

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

const posted = form([
  ["alias", "contact"],
  ["title.fr", "Contact"],
  ["fields.__count", "2"],
  ["fields.0.label.en", "Email"],
  ["fields.0.label.fr", "Courriel"],
  ["fields.0.type", "email"],
  ["fields.0.required", "on"],
  ["fields.0.name", "email"],
  ["fields.0.__keep", '{"max_length":80}'],
  ["fields.1.label.fr", "Sujet"],
  ["fields.1.type", "select"],
  ["fields.1.name", ""],
  ["fields.1.options.__count", "1"],
  ["fields.1.options.0.label.fr", "Billets"],
  ["fields.1.options.0.value", "tickets"],
]);

describe("the row editor", () => {
  it("reads each row with what it keeps, nested rows included", () => {
    const { value, errors } = readForm(formFields, posted, { fields: [{ name: "old", type: "text", label: "Old" }] });
    expect(errors).toEqual({});
    expect(value.fields).toEqual([
      { max_length: 80, label: { en: "Email", fr: "Courriel" }, type: "email", required: true, name: "email" },
      { label: { fr: "Sujet" }, type: "select", required: false, options: [{ label: { fr: "Billets" }, value: "tickets" }] },
    ]);
  });

  it("carries what a row's fields do not show in its hidden input", () => {
    expect(rowKeep(rows, { name: "email", label: "E", max_length: 80 })).toBe('{"max_length":80}');
    expect(rowKeep(rows, { name: "email" })).toBe("");
  });

  it("adds, removes and moves rows by intent, and says where focus goes", () => {
    const { value } = readForm(formFields, posted, {});
    const down = applyRowIntent(value, "row:down:fields.0", formFields)!;
    expect((down.value.fields as { type: string }[]).map((f) => f.type)).toEqual(["select", "email"]);
    expect(down).toMatchObject({ done: "movedDown", position: 2, focus: "f-fields-1-__up" }); // at the end: its down button is off
    const up = applyRowIntent(down.value, "row:up:fields.1", formFields)!;
    expect((up.value.fields as { type: string }[]).map((f) => f.type)).toEqual(["email", "select"]);
    const added = applyRowIntent(value, "row:add:fields.1.options", formFields)!;
    expect((added.value.fields as { options?: unknown[] }[])[1].options).toHaveLength(2);
    expect(added.focus).toBe("f-fields-1-options-1-label-en");
    const removed = applyRowIntent(value, "row:remove:fields.0", formFields)!;
    expect(removed.value.fields).toHaveLength(1);
    expect(removed.focus).toBe("f-fields-0-__remove");
    expect(applyRowIntent(value, "row:up:fields.0", formFields)).toBeNull(); // already first
    expect(applyRowIntent(value, "row:add:alias", formFields)).toBeNull(); // not a list
    expect(applyRowIntent(value, "save", formFields)).toBeNull();
  });

  it("names new form fields from their label, and new menu children from their parent, weighed in row order", () => {
    expect(completeFormFields({ fields: [{ name: "email" }, { label: { fr: "Équipe préférée" } }, { label: "Email" }] }).fields).toEqual([
      { name: "email" },
      { label: { fr: "Équipe préférée" }, name: "equipe_preferee" },
      { label: "Email", name: "email_2" },
    ]);
    const entry = { key: "watch", children: [{ key: "live" }, { name: { fr: "Rediffusions" } }] };
    expect(completeMenuChildren(entry, [{ key: "watch-rediffusions" }, entry]).children).toEqual([
      { key: "live", weight: 10 },
      { name: { fr: "Rediffusions" }, key: "watch-rediffusions-2", weight: 20 },
    ]);
  });

  it("edits a menu entry's children, keeping what they hold below", () => {
    const { value } = readForm(
      menuFields,
      form([
        ["key", "watch"],
        ["name.fr", "Regarder"],
        ["placement", "header"],
        ["kind", "link"],
        ["children.__count", "1"],
        ["children.0.name.fr", "En direct"],
        ["children.0.kind", "link"],
        ["children.0.url", "/upcoming"],
        ["children.0.__keep", '{"children":[{"key":"deep","kind":"link","name":"Deep","url":"/"}]}'],
      ]),
      { key: "watch", children: [{ key: "old" }] },
    );
    expect(value.children).toEqual([{ children: [{ key: "deep", kind: "link", name: "Deep", url: "/" }], name: { fr: "En direct" }, kind: "link", url: "/upcoming" }]);
  });
});
