import { describe, expect, it } from "vitest";
import { decodeResumptionToken, encodeResumptionToken, TokenDecodeError, tokenExpiry } from "./resumption-token";

describe("arXiv's resumption tokens", () => {
  it("are the arguments and skip, form-encoded then percent-encoded, in the order given", () => {
    // The form arXiv's own tests expect.
    const params = new Map([
      ["verb", "ListRecords"],
      ["from", "2010-09-11"],
      ["set", "math"],
      ["metadataPrefix", "oai_dc"],
    ]);
    expect(encodeResumptionToken(params, 1)).toBe("verb%3DListRecords%26from%3D2010-09-11%26set%3Dmath%26metadataPrefix%3Doai_dc%26skip%3D1");
  });

  it("encode a set's colons twice and leave out the token they answered", () => {
    const params = new Map([
      ["verb", "ListIdentifiers"],
      ["resumptionToken", "old"],
      ["metadataPrefix", "arXivRaw"],
      ["set", "physics:hep-th"],
    ]);
    const token = encodeResumptionToken(params, 3500);
    expect(token).toBe("verb%3DListIdentifiers%26metadataPrefix%3DarXivRaw%26set%3Dphysics%253Ahep-th%26skip%3D3500");
    expect(token).not.toMatch(/[/?#=&:; +]/);
    expect(decodeResumptionToken(token)).toEqual({
      params: new Map([
        ["verb", "ListIdentifiers"],
        ["metadataPrefix", "arXivRaw"],
        ["set", "physics:hep-th"],
      ]),
      skip: 3500,
    });
  });

  it("refuse anything without a whole-number skip", () => {
    for (const bad of ["", "twinkletwinklelittlestar", "?verb=ListIdentifiers&metadataPrefix=arXiv", "verb%3DListRecords%26skip%3Dcat", "verb%3DListRecords%26skip%3D-1", "verb%3DListRecords"]) {
      expect(() => decodeResumptionToken(bad), bad).toThrow(TokenDecodeError);
    }
  });

  it("expire at the next midnight UTC", () => {
    expect(tokenExpiry(new Date("2026-03-01T23:59:59Z")).toISOString()).toBe("2026-03-02T00:00:00.000Z");
  });
});
