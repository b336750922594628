import { ROLES, type Role } from "@/shared/constants";

/**
 * The one policy helper: roles are ordered user < maintainer < admin,
 * each including the ones below it, and the super-admin flag passes every check.
 */
export type RoleHolder = { role?: string | null; isSuperAdmin?: boolean | null } | null | undefined;

export function roleRank(role: string | null | undefined): number {
  const rank = ROLES.indexOf((role ?? "user") as Role);
  return rank < 0 ? 0 : rank;
}

/** Whether the holder has at least `required`. Nobody (no user) has any role. */
export function hasRole(holder: RoleHolder, required: Role): boolean {
  if (!holder) return false;
  if (holder.isSuperAdmin) return true;
  return roleRank(holder.role) >= roleRank(required);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** The badge next to the Settings title: "Super Admin", "Admin", else the capitalised role. */
export function roleBadgeLabel(holder: RoleHolder): string | null {
  if (!holder) return null;
  if (holder.isSuperAdmin) return "Super Admin";
  const role = holder.role ?? "user";
  return role.charAt(0).toUpperCase() + role.slice(1);
}
