import { categoriesBySubject, findCategory } from "@/shared/categories";
import { NativeSelect } from "@/web/components/ui/native-select";

export const ALL_CATEGORIES = "";

type CategoryPickerProps = {
  id: string;
  value: string;
  onChange: (category: string) => void;
  /** Codes worth offering that are not in the catalogue (e.g. those in the current results). */
  extraCategories?: readonly string[];
  className?: string;
  "aria-label"?: string;
};

const groups = categoriesBySubject();

/** The catalogue grouped by main subject, with "All Categories" first. */
export function CategoryPicker({ id, value, onChange, extraCategories = [], className, ...props }: CategoryPickerProps) {
  const others = [...new Set(extraCategories)].filter((code) => code && code !== "unknown" && !findCategory(code)).sort();
  return (
    <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)} className={className} aria-label={props["aria-label"]}>
      <option value={ALL_CATEGORIES}>All Categories</option>
      {groups.map((group) => (
        <optgroup key={group.subject} label={group.subject}>
          {group.categories.map((category) => (
            <option key={category.id} value={category.id} title={category.description}>
              {category.name} ({category.id})
            </option>
          ))}
        </optgroup>
      ))}
      {others.length > 0 ? (
        <optgroup label="Other categories">
          {others.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </optgroup>
      ) : null}
    </NativeSelect>
  );
}

/** Whether a paper belongs to the picked category ("All Categories" matches everything). */
export function matchesCategory(paper: { category: string; categories: readonly string[] }, category: string): boolean {
  return category === ALL_CATEGORIES || paper.category === category || paper.categories.includes(category);
}
