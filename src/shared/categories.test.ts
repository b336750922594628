import { describe, expect, it } from "vitest";
import { CATEGORIES, MAIN_SUBJECTS, categoriesBySubject, categoryName, findCategory } from "./categories";

describe("category catalogue", () => {
  it("holds about 30 categories with unique ids and every field filled", () => {
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(28);
    expect(CATEGORIES.length).toBeLessThanOrEqual(40);
    expect(new Set(CATEGORIES.map((category) => category.id)).size).toBe(CATEGORIES.length);
    for (const category of CATEGORIES) {
      expect(category.id).toMatch(/^[a-z-]+(\.[A-Za-z-]+)?$/);
      expect(category.name.length).toBeGreaterThan(2);
      expect(category.description.length).toBeGreaterThan(10);
      expect(MAIN_SUBJECTS).toContain(category.mainSubject);
    }
  });

  it("covers all six main subjects", () => {
    const groups = categoriesBySubject();
    expect(groups.map((group) => group.subject)).toEqual([
      "Computer Science",
      "Physics",
      "Mathematics",
      "Biology",
      "Cross-disciplinary",
      "Economics",
    ]);
    for (const group of groups) expect(group.categories.length).toBeGreaterThan(0);
    expect(groups.flatMap((group) => group.categories)).toHaveLength(CATEGORIES.length);
  });

  it("looks categories up by code and names unknown codes by their code", () => {
    expect(findCategory("cs.CL")?.name).toBe("Computation and Language");
    expect(findCategory("cs.XX")).toBeUndefined();
    expect(categoryName("cs.AI")).toBe("Artificial Intelligence");
    expect(categoryName("nucl-th")).toBe("nucl-th");
  });
});
