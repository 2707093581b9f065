// Where a ready upload goes into the library: the console's addLibraryItem (api/services/console/library.ts, from
// the console branch). Until that module is merged into this branch there is no library to add to, so uploads stop
// at "ready" (tests cover everything up to there); the merge replaces this line with its re-export.
import type { AddLibraryItem } from "./uploads";

export const addLibraryItem: AddLibraryItem | null = null;
