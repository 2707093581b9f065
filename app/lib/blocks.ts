/** A static block ready to render: its Markdown already turned into safe HTML on the server. */
export interface RenderedBlock {
  id: number;
  type: "text" | "image";
  title: string | null;
  html: string;
  image_url: string | null;
  image_alt: string;
  link_url: string | null;
}
