import { describe, expect, it } from "vitest";
import { clientKey } from "./client-rate-limit";

describe("clientKey", () => {
  it.each([
    ["203.0.113.9", "203.0.113.9"],
    ["::ffff:203.0.113.9", "203.0.113.9"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::99", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["not an address", "not an address"],
  ])("counts %s as %s", (address, key) => {
    expect(clientKey(address)).toBe(key);
  });

  it("counts two addresses of one IPv6 /64 as one client, and no socket as one client", () => {
    expect(clientKey("2a02:1:2:3:aaaa::1")).toBe(clientKey("2a02:1:2:3:bbbb:cccc:dddd:eeee"));
    expect(clientKey("2a02:1:2:3::1")).not.toBe(clientKey("2a02:1:2:4::1"));
    expect(clientKey(null)).toBe("unknown");
  });
});
