/** Role names exactly as stored and as the API returns them. */
export const ROLES = {
  superAdmin: "Super Admin",
  satuanKerja: "Satuan Kerja",
  viewer: "Viewer",
} as const;

export type RoleName = (typeof ROLES)[keyof typeof ROLES] | (string & {});

export const ROLE_NAMES = [ROLES.viewer, ROLES.satuanKerja, ROLES.superAdmin] as const;
