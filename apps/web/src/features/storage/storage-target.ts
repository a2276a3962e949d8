import { create } from 'zustand';
import type { StorageTarget } from '@starlight/contract/cluster-storage';

/**
 * The storage the file manager acts on (query `cluster`, `storage` of every /storage file call); null:
 * the server's default storage. Read at call time by the api files, so one place switches them all.
 */
interface StorageTargetState {
  target: { cluster: string; storage: string } | null;
  choose(target: { cluster: string; storage: string } | null): void;
}

export const useStorageTarget = create<StorageTargetState>((set) => ({
  target: null,
  choose: (target) => set({ target }),
}));

/** Query parameters naming the chosen storage (nothing for the default). */
export function targetQuery(): StorageTarget {
  const target = useStorageTarget.getState().target;
  return target ? { cluster: target.cluster, storage: target.storage } : {};
}

export const targetKey = (target: StorageTargetState['target']): string => (target ? `${target.cluster}/${target.storage}` : 'default');
