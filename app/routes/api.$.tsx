import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { api } from "@api/index";

// In production worker.ts sends /api/* to the API before Remix runs. Under the Vite dev server there is no
// worker.ts, so this route hands /api/* to the same API, keeping `npm run dev` and `npm start` alike.
const toApi = ({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) => api.fetch(request, context.env, context.ctx);

export const loader = toApi;
export const action = toApi;
