// Who may run what (issue 16). The one home of the role rules: middleware enforces them, and the user's wire
// carries them as verdicts (`can_manage_channel`, `can_manage_platform`) for clients to render.
import type { UserRole } from "../../contract/auth";

/** The console of one's own channel: its owner, or a platform admin. */
export const canManageChannel = (role: UserRole): boolean => role === "owner" || role === "admin";

/** Creating channels and seeing every channel: platform admins only. */
export const canManagePlatform = (role: UserRole): boolean => role === "admin";
