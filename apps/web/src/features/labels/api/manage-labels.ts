import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  labelSchema,
  labelTypeSchema,
  type Label,
  type LabelCreate,
  type LabelPatch,
  type LabelType,
  type LabelTypeCreate,
  type LabelTypePatch,
} from '@starlight/contract/labels';
import { apiSpec } from '../../../lib/api-client';

export const createLabelType = async (input: LabelTypeCreate): Promise<LabelType> =>
  labelTypeSchema.parse(await apiSpec('/label/type', { method: 'POST', body: input }));
export const updateLabelType = async (id: number, patch: LabelTypePatch): Promise<LabelType> =>
  labelTypeSchema.parse(await apiSpec(`/label/type/${id}`, { method: 'PATCH', body: patch }));
export const deleteLabelType = async (id: number): Promise<void> => {
  await apiSpec(`/label/type/${id}`, { method: 'DELETE' });
};
export const createLabel = async (input: LabelCreate): Promise<Label> =>
  labelSchema.parse(await apiSpec('/label/label', { method: 'POST', body: input }));
export const updateLabel = async (id: number, patch: LabelPatch): Promise<Label> =>
  labelSchema.parse(await apiSpec(`/label/label/${id}`, { method: 'PATCH', body: patch }));
export const deleteLabel = async (id: number): Promise<void> => {
  await apiSpec(`/label/label/${id}`, { method: 'DELETE' });
};

/** Any change to types or labels refreshes every label list (and the link settings, which are labels). */
function useLabelMutation<A>(run: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => queryClient.invalidateQueries({ queryKey: ['labels'] }) });
}

export const useSaveLabelType = () =>
  useLabelMutation(({ id, values }: { id?: number | undefined; values: LabelTypeCreate }) =>
    id === undefined ? createLabelType(values) : updateLabelType(id, values),
  );
export const useDeleteLabelType = () => useLabelMutation((id: number) => deleteLabelType(id));
export const useSaveLabel = () =>
  useLabelMutation(({ id, values }: { id?: number | undefined; values: { name: string; description: string; label_type_id: number } }) =>
    id === undefined ? createLabel(values) : updateLabel(id, values),
  );
export const useDeleteLabel = () => useLabelMutation((id: number) => deleteLabel(id));
