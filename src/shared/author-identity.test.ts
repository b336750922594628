import { describe, expect, it } from "vitest";
import { authorIdentitySchema, bareOrcid, importAuthoredSchema, profileAuthors, shortAuthorId, toProfileAuthor } from "./author-identity";

describe("author identity", () => {
  it("reads OpenAlex author ids and ORCID iDs in their usual forms", () => {
    for (const form of ["A5023888391", "a5023888391", "https://openalex.org/A5023888391", "https://api.openalex.org/authors/A5023888391", "openalex:A5023888391"]) {
      expect(shortAuthorId(form), form).toBe("A5023888391");
    }
    for (const form of ["W123", "A", "Yang Liu", "https://openalex.org/W1"]) expect(shortAuthorId(form), form).toBeNull();
    for (const form of ["0000-0002-1825-0097", "orcid:0000-0002-1825-0097", "https://orcid.org/0000-0002-1825-0097", "0000-0002-1694-233x"]) {
      expect(bareOrcid(form), form).toMatch(/^\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/);
    }
    expect(bareOrcid("0000-0002-1825")).toBeNull();
    expect(importAuthoredSchema.safeParse({ identifier: "Yang Liu" }).success).toBe(false);
    expect(importAuthoredSchema.safeParse({ identifier: " https://orcid.org/0000-0002-1825-0097 " }).success).toBe(true);
    expect(authorIdentitySchema.safeParse({ name: "Yang Liu", openalexId: "W1", orcid: null }).success).toBe(false);
  });

  it("keeps old profiles working: a bare name is a name-only author, an identity follows its name", () => {
    expect(toProfileAuthor("Ada Lovelace")).toEqual({ name: "Ada Lovelace" });
    const identities = [
      { name: "yang  LIU", openalexId: "A1", orcid: "0000-0002-1825-0097" },
      { name: "Gone Name", openalexId: "A2", orcid: null },
    ];
    expect(profileAuthors(["Yang Liu", "Ada Lovelace"], identities)).toEqual([
      { name: "Yang Liu", openalexId: "A1", orcid: "0000-0002-1825-0097" },
      { name: "Ada Lovelace" },
    ]);
    expect(profileAuthors(["Yang Liu"], [])).toEqual([{ name: "Yang Liu" }]);
  });
});
