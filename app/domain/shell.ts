import type { RoleName } from "./roles";

/** The signed-in user as the app shell (sidebar, header) shows it. */
export type ShellUser = { name: string; role: RoleName; userId: number; unitKerjaId: number | null; unitKerjaName: string | null };

/** What a gate's 403 carries: the message and, so the page keeps its navigation, the shell's user. */
export type GateRefusal = { message: string; viewer: { user: ShellUser; csrfToken: string } };

export function isGateRefusal(value: unknown): value is GateRefusal {
  return typeof value === "object" && value !== null && "viewer" in value && "message" in value;
}
