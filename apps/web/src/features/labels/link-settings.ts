import {
  noSuchValue,
  platformFromUserAgent,
  transferClientLinkName,
  transferClientPlatforms,
  transferClientVersionName,
  type Label,
  type TransferClientPlatform,
} from '@starlight/contract/labels';

/** One link setting by exact name (spec §7: field_eq_label_type_name=link and field_eq_name); null when unset. */
export type LinkLookup = (name: string) => Promise<Label | null>;

export interface PlatformLink {
  platform: TransferClientPlatform;
  /** The setting's name: transclient-{version}-{platform}. */
  name: string;
  label: Label | null;
}

export interface TransferClient {
  version: Label | null;
  links: PlatformLink[];
  /** Names of the settings that are not there, in the order they were needed. */
  missing: string[];
}

/** A missing link setting rejects with this (spec §8), for callers that need the one value or nothing. */
export class NoSuchValueError extends Error {
  constructor(readonly settingName: string) {
    super(noSuchValue(settingName));
    this.name = 'NoSuchValueError';
  }
}

export async function linkValue(lookup: LinkLookup, name: string): Promise<string> {
  const label = await lookup(name);
  if (!label || label.description.trim() === '') throw new NoSuchValueError(name);
  return label.description.trim();
}

/**
 * The transfer client's version (transclient-version), then its download link per platform
 * (transclient-{version}-{Win|Linux|Darwin}, spec §3). An empty value counts as missing.
 */
export async function resolveTransferClient(lookup: LinkLookup): Promise<TransferClient> {
  const set = (label: Label | null): Label | null => (label && label.description.trim() !== '' ? label : null);
  const version = set(await lookup(transferClientVersionName));
  if (!version) return { version: null, links: [], missing: [transferClientVersionName] };
  const links = await Promise.all(
    transferClientPlatforms.map(async (platform): Promise<PlatformLink> => {
      const name = transferClientLinkName(version.description.trim(), platform);
      return { platform, name, label: set(await lookup(name)) };
    }),
  );
  return { version, links, missing: links.filter((l) => !l.label).map((l) => l.name) };
}

/** The visitor's own platform first (from the user agent), then the others in the spec's order. */
export function forVisitor(links: readonly PlatformLink[], userAgent: string): { mine: PlatformLink | null; others: PlatformLink[] } {
  const platform = platformFromUserAgent(userAgent);
  const mine = links.find((l) => l.platform === platform) ?? null;
  return { mine, others: links.filter((l) => l !== mine) };
}

/** Only http(s) links are offered as downloads; anything else is shown as text. */
export function isDownloadUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
