// Channel content (pages, FAQ answers, static blocks) is Markdown. Raw HTML in it is escaped, so settings
// cannot inject markup or scripts.
import { TtlCache } from "@api/lib/ttl-cache";
import { Marked } from "marked";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: {
    html({ text }) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }) {
      const text = this.parser.parseInline(tokens);
      const safe = /^(https?:|mailto:|tel:|\/|#)/i.test(href) ? href : "#";
      const external = /^https?:/i.test(safe);
      const attrs = external ? ' rel="noopener noreferrer" target="_blank"' : "";
      return `<a href="${escapeHtml(safe)}"${title ? ` title="${escapeHtml(title)}"` : ""}${attrs}>${text}</a>`;
    },
    image({ href, title, text }) {
      const safe = /^(https?:|\/)/i.test(href) ? href : "";
      return safe ? `<img src="${escapeHtml(safe)}" alt="${escapeHtml(text)}"${title ? ` title="${escapeHtml(title)}"` : ""} loading="lazy">` : "";
    },
  },
});

const rendered = new TtlCache<string>(3_600_000, 500);

/** Markdown → safe HTML, memoised per isolate (content changes rarely, rendering costs CPU). */
export function renderMarkdown(markdown: string | null | undefined): string {
  if (!markdown) return "";
  const hit = rendered.get(markdown, Date.now());
  if (hit !== undefined) return hit;
  const html = marked.parse(markdown) as string;
  rendered.set(markdown, html, Date.now());
  return html;
}
