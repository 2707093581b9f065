// The zxcvbn-ts language packages' lists, imported one by one (api/services/auth/password-policy.ts): their own types
// cover only the index, which imports every list.
declare module "@zxcvbn-ts/language-en/dist/wordSequences.json.mjs" {
  const sequences: Record<string, string[]>;
  export default sequences;
}

declare module "@zxcvbn-ts/language-fr/dist/wordSequences.json.mjs" {
  const sequences: Record<string, string[]>;
  export default sequences;
}

declare module "@zxcvbn-ts/language-common/dist/adjacencyGraphs.json.mjs" {
  import type { OptionsGraph } from "@zxcvbn-ts/core";
  const graphs: OptionsGraph;
  export default graphs;
}

declare module "@zxcvbn-ts/language-*.json.mjs" {
  const list: string[];
  export default list;
}
