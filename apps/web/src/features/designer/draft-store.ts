import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { AppFiles } from './import-files';

/**
 * The one application in design (spec §2: one at a time), kept in localStorage so a reload or a
 * closed tab loses nothing. `app` is the catalogue name being edited, or null for a new one.
 */
export interface Draft {
  app: string | null;
  /** The version the draft started from (none for a new app). */
  baseVersion: number | null;
  text: string;
  /** Node positions the user dragged, by node id (layout only; not part of the CWL). */
  positions: Record<string, { x: number; y: number }>;
  updatedAt: number;
  /** The app's main file name and its other files, saved with each version as they came (absent: a new one-file app). */
  mainFile?: string;
  files?: Record<string, string>;
}

interface DraftState {
  draft: Draft | null;
  start: (app: string | null, text: string, baseVersion: number | null, files?: AppFiles) => void;
  setText: (text: string) => void;
  setPositions: (positions: Record<string, { x: number; y: number }>) => void;
  finish: () => void;
}

export const draftStorageKey = 'starlight-designer-draft';

export const useDraftStore = create<DraftState>()(
  persist(
    (set) => ({
      draft: null,
      start: (app, text, baseVersion, files) => set({ draft: { app, text, baseVersion, positions: {}, updatedAt: Date.now(), ...(files ? { mainFile: files.mainFile, files: files.files } : {}) } }),
      setText: (text) => set((s) => (s.draft ? { draft: { ...s.draft, text, updatedAt: Date.now() } } : s)),
      setPositions: (positions) => set((s) => (s.draft ? { draft: { ...s.draft, positions: { ...s.draft.positions, ...positions } } } : s)),
      finish: () => set({ draft: null }),
    }),
    { name: draftStorageKey, version: 1, storage: createJSONStorage(() => window.localStorage) },
  ),
);

/** A new workflow: what /app/design starts from when nothing is in design. */
export const blankWorkflow = `cwlVersion: v1.2
class: Workflow
label: New workflow
inputs: {}
outputs: {}
steps: {}
`;

export const blankTool = `cwlVersion: v1.2
class: CommandLineTool
label: New tool
baseCommand: echo
inputs: {}
outputs: {}
`;
