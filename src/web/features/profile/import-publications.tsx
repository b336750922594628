import { useState, type FormEvent } from "react";
import { Download } from "lucide-react";
import { importAuthoredSchema } from "@/shared/author-identity";
import { refreshSummary } from "@/shared/authored-papers";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { toast } from "@/web/components/ui/use-toast";
import { isApiError } from "@/web/lib/api";
import type { useAuthoredMutations } from "./authored-queries";

/** "Import my publications": every work OpenAlex lists for an ORCID iD or OpenAlex author id, in one step. */
export function ImportPublications({ importByIdentity }: Pick<ReturnType<typeof useAuthoredMutations>, "importByIdentity">) {
  const [identifier, setIdentifier] = useState("");

  async function handleImport(event: FormEvent) {
    event.preventDefault();
    const parsed = importAuthoredSchema.safeParse({ identifier });
    if (!parsed.success) {
      toast({ variant: "destructive", title: "Invalid identifier", description: parsed.error.issues[0]?.message ?? "Invalid input" });
      return;
    }
    try {
      const result = await importByIdentity.mutateAsync(parsed.data.identifier);
      const lines = refreshSummary(result);
      toast({ title: `Publications of ${result.author.displayName}`, description: lines ? lines.join(" ") : "OpenAlex lists no works for this author." });
      setIdentifier("");
    } catch (error) {
      toast({ variant: "destructive", title: "Could not import publications", description: isApiError(error) ? error.message : "Please try again." });
    }
  }

  return (
    <form onSubmit={handleImport} className="flex flex-col gap-2 sm:flex-row">
      <Input
        aria-label="Your ORCID iD or OpenAlex author id"
        placeholder="ORCID iD or OpenAlex author id"
        value={identifier}
        onChange={(event) => setIdentifier(event.target.value)}
        maxLength={200}
      />
      <Button type="submit" variant="secondary" disabled={importByIdentity.isPending || identifier.trim() === ""}>
        <Download aria-hidden />
        {importByIdentity.isPending ? "Importing..." : "Import my publications"}
      </Button>
    </form>
  );
}
