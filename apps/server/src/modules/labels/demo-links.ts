import { linkLabelTypeName, transferClientLinkName, transferClientPlatforms, transferClientVersionName } from '@starlight/contract/labels';
import type { LabelsService } from './labels.service';

/** Marked in every value so nobody mistakes them for a real download. */
export const demoExampleVersion = '0.0.0-example';
const exampleUrl = (platform: string): string => `https://example.com/starlight-transfer-client/${demoExampleVersion}/${platform}`;

/**
 * `--demo` only: the `link` label type and example transfer-client link settings, clearly marked as
 * examples (version `0.0.0-example`, example.com links), so the transfer-client pages have something
 * to show. Idempotent; an administrator's own values are never overwritten.
 */
export async function seedDemoLinkSettings(labels: LabelsService): Promise<void> {
  const types = await labels.listTypes({ page: 1, page_size: 1, field_eq_name: linkLabelTypeName });
  if (types.total === 0)
    await labels.createType({ name: linkLabelTypeName, description: 'Link settings (transfer-client version and download links)' });
  const has = async (name: string): Promise<boolean> =>
    (await labels.listLabels({ page: 1, page_size: 1, field_eq_label_type_name: linkLabelTypeName, field_eq_name: name })).total > 0;
  if (await has(transferClientVersionName)) return;
  await labels.createLabel({ name: transferClientVersionName, description: demoExampleVersion, label_type_name: linkLabelTypeName });
  for (const platform of transferClientPlatforms) {
    const name = transferClientLinkName(demoExampleVersion, platform);
    if (!(await has(name))) await labels.createLabel({ name, description: exampleUrl(platform), label_type_name: linkLabelTypeName });
  }
}
