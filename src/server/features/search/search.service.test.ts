import { describe, expect, it } from "vitest";
import { splitFieldQuery } from "./search.service";

describe("splitFieldQuery", () => {
  it("sorts arXiv-style terms into title, author, abstract and free text", () => {
    expect(splitFieldQuery('au:"Geoffrey Hinton" AND ti:capsules AND abs:routing deep')).toEqual({
      text: ["deep"],
      title: ["capsules"],
      author: ["Geoffrey Hinton"],
      abstract: ["routing"],
    });
  });

  it("reads arXiv's underscore-for-space author form", () => {
    expect(splitFieldQuery("au:del_maestro").author).toEqual(["del maestro"]);
  });
});
