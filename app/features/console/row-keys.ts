// Keys the definition wants on rows the console added (issue 16): a form field's name from its label, a menu child's
// key from its parent's and its name; and a menu entry's children weighed in row order. Pure, unit-tested.
import { localizedText } from "./fields";

type Item = Record<string, unknown>;

/** Lowercase words joined by `sep`, accents dropped: "Nom complet" → "nom_complet". */
export function slugOf(text: string, sep: "-" | "_"): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, sep)
    .replace(sep === "-" ? /^-+|-+$/g : /^_+|_+$/g, "")
    .slice(0, 60);
}

const unique = (base: string, taken: Set<string>, sep: "-" | "_") => {
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}${sep}${n}`;
  taken.add(key);
  return key;
};

/** A form's fields left without a name get one from their label (letters first, unique in the form). */
export function completeFormFields(form: Item): Item {
  if (!Array.isArray(form.fields)) return form;
  const taken = new Set(form.fields.map((f: Item) => (typeof f?.name === "string" ? f.name : "")).filter(Boolean));
  const fields = form.fields.map((f: Item) => {
    if (typeof f?.name === "string" && f.name) return f;
    const base = slugOf(localizedText(f?.label, "en"), "_").replace(/^[^a-z]+/, "") || "field";
    return { ...f, name: unique(base, taken, "_") };
  });
  return { ...form, fields };
}

/**
 * A menu entry's children as the console orders them: their weights follow the rows (the site sorts by weight), and
 * one left without a key gets one from its parent's and its name (unique in the menu).
 */
export function completeMenuChildren(entry: Item, menu: Item[]): Item {
  if (!Array.isArray(entry.children)) return entry;
  const keys = (items: Item[]): string[] => items.flatMap((i) => [String(i.key ?? ""), ...keys(Array.isArray(i.children) ? i.children : [])]);
  const taken = new Set([...keys(menu.filter((m) => m.key !== entry.key)), ...keys([entry])].filter(Boolean));
  const children = entry.children.map((c: Item) => {
    if (typeof c?.key === "string" && c.key) return c;
    const base = [String(entry.key ?? "menu"), slugOf(localizedText(c?.name, "en"), "-") || "item"].join("-").slice(0, 70);
    return { ...c, key: unique(base, taken, "-") };
  }).map((c: Item, i: number) => ({ ...c, weight: (i + 1) * 10 }));
  return { ...entry, children };
}
