// subset-font ships no types: the one call scripts/fonts/artwork-fonts.ts makes.
declare module "subset-font" {
  export default function subsetFont(font: Uint8Array, text: string, options?: { targetFormat?: "truetype" | "woff" | "woff2"; noHinting?: boolean }): Promise<Uint8Array>;
}
