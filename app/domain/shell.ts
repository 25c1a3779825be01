import type { RoleName } from "./roles";

/**
 * The signed-in user as the app shell (sidebar, header) shows it. `menus` are the sidebar entries
 * the policy allows, decided on the server: no page needs the policy module in the browser.
 */
export type ShellUser = {
  name: string;
  role: RoleName;
  unitKerjaName: string | null;
  menus: { accessRequest: boolean; master: boolean; trash: boolean; disposal: boolean; records: boolean; jobs: boolean; imports: boolean; ppid?: boolean };
};

/** What a gate's 403 carries: the message and, so the page keeps its navigation, the shell's user. */
export type GateRefusal = {
  message: string;
  viewer: { user: ShellUser; csrfToken: string };
  /** Where the user came from (a same-origin path from the Referer), for the page's way back. */
  back?: string;
};

export function isGateRefusal(value: unknown): value is GateRefusal {
  return typeof value === "object" && value !== null && "viewer" in value && "message" in value;
}
