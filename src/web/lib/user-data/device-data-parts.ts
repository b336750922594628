/** nothing: no device data; moved: uploaded (or already there) and removed from the device; failed: kept on the device. */
export type MigrationOutcome = "nothing" | "moved" | "failed";

/**
 * Data a feature keeps on the device beside the stores of this folder (language-model keys,
 * papers kept for offline reading, pictures of pages), for sign-in to move into the account and
 * sign-out to drop with the rest. The app registers each feature's part at start
 * (src/web/register-device-data.ts): this folder never imports a feature.
 */
export type DeviceDataPart = {
  /** The part's name in the sign-in migration's report. */
  name: string;
  /** At sign-in: moves the part's data into the account; each item leaves the device once the server took it. */
  migrate?: () => Promise<MigrationOutcome>;
  /** At sign-out: drops the part's data from the device. */
  clear?: () => Promise<void>;
};

const parts: DeviceDataPart[] = [];

/** Adds a feature's part; registering a name again replaces its part, so a second start adds nothing twice. */
export function registerDeviceDataPart(part: DeviceDataPart): void {
  const index = parts.findIndex((candidate) => candidate.name === part.name);
  if (index === -1) parts.push(part);
  else parts[index] = part;
}

/** The registered parts, in the order they were registered. */
export function deviceDataParts(): readonly DeviceDataPart[] {
  return parts;
}
