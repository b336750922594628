import { useCallback } from "react";
import type { Settings, SettingsPatch } from "@/shared/user-data";
import { toast } from "@/web/components/ui/use-toast";
import type { LoadStatus } from "@/web/lib/user-data/remote-value";
import { UserDataInputError } from "@/web/lib/user-data/user-data-errors";
import { useSettings } from "@/web/lib/user-data/user-data-hooks";

/**
 * The settings and a save that resolves whether it was saved. A failed save on the server is put back and toasted
 * by the store itself; input the contract refuses is explained here.
 */
export function useSaveSetting(): { settings: Settings; status: LoadStatus; save: (patch: SettingsPatch) => Promise<boolean> } {
  const { settings, status, update } = useSettings();
  const save = useCallback(
    (patch: SettingsPatch) =>
      // Resolves true once saved, for a caller that confirms it; never rejects.
      update(patch).then(
        () => true,
        (error: unknown) => {
          if (error instanceof UserDataInputError) toast({ variant: "destructive", title: "Settings not saved", description: error.message });
          return false;
        },
      ),
    [update],
  );
  return { settings, status, save };
}
