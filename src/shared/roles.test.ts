import { describe, expect, it } from "vitest";
import { hasRole, roleBadgeLabel } from "@/shared/roles";

describe("hasRole", () => {
  it("orders user < maintainer < admin, each including the ones below", () => {
    expect(hasRole({ role: "admin" }, "maintainer")).toBe(true);
    expect(hasRole({ role: "admin" }, "user")).toBe(true);
    expect(hasRole({ role: "maintainer" }, "admin")).toBe(false);
    expect(hasRole({ role: "maintainer" }, "user")).toBe(true);
    expect(hasRole({ role: "user" }, "maintainer")).toBe(false);
  });
  it("lets the super admin pass every check and nobody pass without a user", () => {
    expect(hasRole({ role: "user", isSuperAdmin: true }, "admin")).toBe(true);
    expect(hasRole(null, "user")).toBe(false);
  });
  it("treats an unknown role as user", () => {
    expect(hasRole({ role: "owner" }, "maintainer")).toBe(false);
    expect(hasRole({ role: "owner" }, "user")).toBe(true);
  });
  it("labels the badge", () => {
    expect(roleBadgeLabel({ role: "admin" })).toBe("Admin");
    expect(roleBadgeLabel({ role: "user", isSuperAdmin: true })).toBe("Super Admin");
    expect(roleBadgeLabel({ role: "maintainer" })).toBe("Maintainer");
  });
});
