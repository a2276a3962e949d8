import type { PreviewType } from '@starlight/contract/storage';
import { apiBlob } from '../../../lib/api-client';
import { targetQuery } from '../storage-target';

/** Spec §7 GET /storage/view: the preview as a Blob of the type the server decided (never HTML). */
export async function viewFile(type: PreviewType, file: string, signal?: AbortSignal): Promise<Blob> {
  return (await apiBlob('/storage/view', { query: { type, file, ...targetQuery() }, signal, timeoutHeader: 25 })).blob;
}

const extensions: Record<PreviewType, RegExp> = {
  text: /\.(txt|log|md|csv|tsv|json|ya?ml|toml|ini|conf|cfg|sh|bash|py|r|jl|m|c|h|cc|cpp|hpp|f|f90|java|js|ts|go|rs|sbatch|slurm|out|err|xml|html?)$/i,
  image: /\.(png|jpe?g|gif|webp)$/i,
  pdf: /\.pdf$/i,
};

/** A preview kind guessed from the name (the server checks the bytes). */
export function previewTypeOf(name: string): PreviewType | null {
  for (const type of ['image', 'pdf', 'text'] as const) if (extensions[type].test(name)) return type;
  return null;
}
