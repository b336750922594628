import { CodeXml } from "lucide-react";
import { SOURCE_CODE_URL } from "@/shared/constants";
import { Button } from "@/web/components/ui/button";

export function SourceCodeLink() {
  return (
    <Button asChild variant="ghost" size="icon">
      <a href={SOURCE_CODE_URL} target="_blank" rel="noreferrer" aria-label="Source code" title="Source code">
        <CodeXml className="size-[1.15rem]" aria-hidden />
      </a>
    </Button>
  );
}
