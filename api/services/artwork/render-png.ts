// SVG to PNG inside the Worker (issue 28, docs/decisions/037): resvg compiled to WebAssembly, with the bundled DejaVu
// Sans subsets as its only fonts (it has no system fonts here). The API's share images are its only caller; the web
// app's browser bundles never import it (they only carry URLs).
import { Resvg, initWasm } from "@resvg/resvg-wasm";
// A compiled module (wrangler's CompiledWasm rule; vite.config.ts keeps the import for it): Workers cannot compile
// WebAssembly from bytes at run time.
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { BOLD_TTF, REGULAR_TTF } from "./font-data";

let ready: Promise<void> | null = null;
let fonts: Uint8Array[] | null = null;

const decode = (base64: string) => Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));

/** Once per isolate: instantiating the module and decoding the fonts. */
function init(): Promise<void> {
  ready ??= initWasm(resvgWasm).catch((error: unknown) => {
    // "Already initialized" (another module instance did it) is ready too; anything else is tried again next time.
    if (error instanceof Error && /already/i.test(error.message)) return;
    ready = null;
    throw error;
  });
  fonts ??= [decode(REGULAR_TTF), decode(BOLD_TTF)];
  return ready;
}

/** `svg` as a PNG, `width` pixels wide (its own size when omitted). */
export async function svgToPng(svg: string, width?: number): Promise<Uint8Array> {
  await init();
  const resvg = new Resvg(svg, {
    fitTo: width ? { mode: "width", value: width } : { mode: "original" },
    font: { fontBuffers: fonts!, defaultFontFamily: "DejaVu Sans", sansSerifFamily: "DejaVu Sans" },
    // Nothing outside the document: images come in as data: URIs.
    shapeRendering: 2,
    textRendering: 1,
  });
  try {
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
