import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Col, Flex, Popconfirm, Row, Space, Spin, Tag } from 'antd';
import { CheckCircleOutlined, ImportOutlined, PlayCircleOutlined, SaveOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CwlDocument } from '@starlight/contract/cwl/document';
import { asList, entries, findCycle, workflowGraph } from '@starlight/contract/cwl/graph';
import type { ToolEditor } from '@starlight/contract/cwl/tool-edit';
import { WorkflowEditor } from '@starlight/contract/cwl/workflow-edit';
import { feedback } from '../../../lib/feedback';
import { appsApiSource } from '../api/designer-source';
import type { DesignerSource } from '../api/designer-source';
import { blankTool, blankWorkflow, useDraftStore } from '../draft-store';
import { pickImport } from '../import-files';
import { buildCatalogue, editTool, editWorkflow, parseDraft, portTypes, runProcess, withFiles } from '../model';
import { CataloguePalette } from './catalogue-palette';
import { CwlTextPanel } from './cwl-text-panel';
import { DesignConflict } from './design-conflict';
import { IoPanel } from './io-panel';
import { SaveModal } from './save-modal';
import { StepPanel } from './step-panel';
import { ToolForm } from './tool-form';
import { WorkflowCanvas } from './workflow-canvas';

/** /app/design, /app/design/:app and /app/MyEdit: the one application in design (spec §2). */
export function Designer({ appName, source = appsApiSource }: { appName?: string; source?: DesignerSource }) {
  const { t } = useTranslation('designer');
  const { message, modal } = feedback();
  const { draft, start, setText, setPositions, finish } = useDraftStore();
  const [selected, setSelected] = useState<{ kind: string; id: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const [naming, setNaming] = useState(false);
  const catalogueQuery = useQuery({ queryKey: ['designer', 'catalogue'], queryFn: ({ signal }) => source.listCatalogue(signal), staleTime: 60_000 });
  const importInput = useRef<HTMLInputElement>(null);
  const appFiles = draft?.files;
  const catalogue = useMemo(() => withFiles(buildCatalogue(catalogueQuery.data ?? []), appFiles), [catalogueQuery.data, appFiles]);
  const conflict = !!appName && !!draft && draft.app !== appName;
  const loadQuery = useQuery({ queryKey: ['designer', 'app', appName], queryFn: ({ signal }) => source.loadApp(appName!, signal), enabled: !!appName && !draft });

  useEffect(() => {
    if (draft) return;
    if (!appName) start(null, blankWorkflow, null);
    else if (loadQuery.data) start(loadQuery.data.name, loadQuery.data.cwl, loadQuery.data.version, { mainFile: loadQuery.data.mainFile, files: loadQuery.data.files });
  }, [appName, draft, loadQuery.data, start]);

  const text = draft?.text ?? '';
  const parsed = useMemo(() => parseDraft(text), [text]);
  const process = parsed.ok ? parsed.process : undefined;
  const isWorkflow = process?.class === 'Workflow';
  const graph = useMemo(() => (isWorkflow && process ? workflowGraph(process) : undefined), [isWorkflow, process]);
  const root = useMemo(() => (parsed.ok ? parsed.doc.toJS() : undefined), [parsed]);
  const stepRun = useCallback((step: string) => runProcess(entries(process?.steps).find((s) => s.id === step)?.run, catalogue, root), [process, catalogue, root]);
  const stepPorts = useCallback(
    (step: string) => ({ inputs: entries(stepRun(step)?.inputs).map((i) => i.id), outputs: entries(stepRun(step)?.outputs).map((o) => o.id) }),
    [stepRun],
  );
  const sources = useMemo(
    () => [...entries(process?.inputs).map((i) => i.id), ...entries(process?.steps).flatMap((s) => [...new Set([...stepPorts(s.id).outputs, ...entries(s.out).map((o) => o.id)])].map((o) => `${s.id}/${o}`))],
    [process, stepPorts],
  );

  const fail = useCallback((e: unknown) => void message.error(e instanceof Error ? e.message : String(e)), [message]);
  const editW = useCallback(
    (fn: (w: WorkflowEditor) => void) => {
      try {
        setText(editWorkflow(text, catalogue, fn));
      } catch (e) {
        fail(e);
      }
    },
    [text, catalogue, setText, fail],
  );
  const editT = useCallback((fn: (x: ToolEditor) => void) => setText(editTool(text, fn)), [text, setText]);

  /** Every link goes through the port type check; a fix the link needs (scatter, linkMerge) is offered. */
  const tryConnect = useCallback(
    (src: string, step: string | undefined, port: string) => {
      const doc = CwlDocument.parse(text);
      const check = new WorkflowEditor(doc).checkConnect(src, step, port, portTypes(doc, catalogue));
      if (check.ok) return editW((w) => w.connect(src, step, port));
      if (check.reason === 'needs_scatter' && step) {
        const scatter = asList(entries(process?.steps).find((s) => s.id === step)?.scatter);
        modal.confirm({
          title: t('connect.needsScatterTitle'),
          content: t('connect.needsScatter', { src: check.src, sink: check.sink, port }),
          onOk: () =>
            editW((w) => {
              w.setStepField(step, 'scatter', scatter.length ? [...scatter, port] : port);
              w.connect(src, step, port);
            }),
        });
        return;
      }
      if (check.reason === 'needs_link_merge' && step) {
        modal.confirm({
          title: t('connect.needsLinkMergeTitle'),
          content: t('connect.needsLinkMerge', { src: check.src, sink: check.sink }),
          onOk: () =>
            editW((w) => {
              w.setStepInputField(step, port, 'linkMerge', 'merge_nested');
              w.connect(src, step, port);
            }),
        });
        return;
      }
      // a refused link says why for long enough to be read next to the canvas (antd's default is 3 s)
      void message.error(t(`connect.${check.reason}`, { src: check.src, sink: check.sink }), 8);
    },
    [text, catalogue, process, editW, modal, message, t],
  );

  const addApp = useCallback(
    (name: string) => {
      const app = catalogue.get(`${name}.cwl`);
      if (!app) return;
      editW((w) => w.addStep(w.freshId(name, 'steps'), `${name}.cwl`, [], entries(app.process.outputs).map((o) => o.id)));
    },
    [catalogue, editW],
  );

  const save = async (name?: string, title?: string) => {
    if (!parsed.ok || !draft) return;
    const cycle = graph ? findCycle(graph) : [];
    if (cycle.length) return void message.error(t('connect.cycle', { src: cycle.join(', '), sink: '' }));
    // the app's main file keeps its name and its other files go with every version
    const kept = { mainFile: draft.mainFile ?? `${name ?? draft.app ?? 'main'}.cwl`, files: draft.files ?? {} };
    setSaving(true);
    try {
      if (draft.app) {
        const version = await source.saveVersion(draft.app, text, draft.mainFile ? kept : { files: kept.files });
        start(draft.app, text, version, draft.mainFile ? kept : undefined);
        void message.success(t('save.saved', { app: draft.app, version }));
      } else if (name) {
        const version = await source.createApp(name, title || name, text, kept);
        start(name, text, version, kept);
        setNaming(false);
        void message.success(t('save.saved', { app: name, version }));
      } else setNaming(true);
    } catch (e) {
      fail(e);
    } finally {
      setSaving(false);
    }
  };

  const validate = async () => {
    try {
      const result = await source.validate(text, draft?.mainFile ? { mainFile: draft.mainFile, files: draft.files ?? {} } : { files: draft?.files ?? {} });
      if (result.valid) void message.success(t('validate.ok'));
      else modal.error({ title: t('validate.failed'), content: result.fields.map((f) => `${f.path}: ${f.message}`).join('\n') });
    } catch (e) {
      fail(e);
    }
  };

  /** "Import .cwl": one file (YAML, JSON, a packed $graph) or a workflow with its tools, as a new app in design. */
  const importChosen = async (list: FileList | null) => {
    if (!list?.length) return;
    try {
      const chosen = await Promise.all([...list].map(async (f) => ({ name: f.name, text: await f.text() })));
      const imported = pickImport(chosen);
      start(null, imported.text, null, { mainFile: imported.mainFile, files: imported.files });
      void message.success(t('import.done', { file: imported.mainFile, count: Object.keys(imported.files).length }));
    } catch (e) {
      fail(e);
    }
  };

  if (conflict) return <DesignConflict draft={draft} onDiscard={finish} />;
  if (!draft) return loadQuery.error ? <Alert type="error" showIcon message={String(loadQuery.error)} /> : <Spin />;

  const selectedStep = selected?.kind === 'step' && entries(process?.steps).some((s) => s.id === selected.id) ? selected.id : undefined;
  return (
    <Flex vertical gap={12} data-testid="designer">
      <Flex justify="space-between" wrap gap={8}>
        <Space wrap>
          <Tag color="blue" data-testid="designer-app-name">{draft.app ?? t('newApp')}</Tag>
          {draft.baseVersion ? <Tag>{t('version', { version: draft.baseVersion })}</Tag> : null}
          {process?.class ? <Tag>{String(process.class)}</Tag> : null}
          {draft.mainFile ? (
            <Tag data-testid="designer-main-file" title={Object.keys(draft.files ?? {}).join(', ')}>
              {draft.mainFile}
              {Object.keys(draft.files ?? {}).length ? ` +${Object.keys(draft.files ?? {}).length}` : ''}
            </Tag>
          ) : null}
          {!draft.app ? (
            <Space.Compact>
              <Button size="small" onClick={() => start(null, blankWorkflow, null)}>{t('newWorkflow')}</Button>
              <Button size="small" onClick={() => start(null, blankTool, null)}>{t('newTool')}</Button>
              <Button size="small" icon={<ImportOutlined />} onClick={() => importInput.current?.click()} data-testid="designer-import">
                {t('import.action')}
              </Button>
              <input
                ref={importInput}
                type="file"
                multiple
                accept=".cwl,.json,.yml,.yaml"
                hidden
                data-testid="designer-import-input"
                onChange={(e) => {
                  void importChosen(e.target.files);
                  e.target.value = '';
                }}
              />
            </Space.Compact>
          ) : null}
        </Space>
        <Space wrap>
          <Button icon={<CheckCircleOutlined />} onClick={() => void validate()} disabled={!parsed.ok}>{t('validate.action')}</Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} disabled={!parsed.ok} data-testid="designer-save">{t('save.action')}</Button>
          {/* a saved version can be launched; the draft stays open for the next edit */}
          {draft.app && draft.baseVersion ? (
            <Link to={`/app/spec/${encodeURIComponent(draft.app)}`} data-testid="designer-launch">
              <Button icon={<PlayCircleOutlined />}>{t('launch')}</Button>
            </Link>
          ) : null}
          <Popconfirm title={t('finish.confirm')} onConfirm={finish}>
            <Button data-testid="designer-finish">{t('finish.action')}</Button>
          </Popconfirm>
        </Space>
      </Flex>
      {!parsed.ok ? <Alert type="warning" showIcon message={t('text.visualPaused')} /> : null}
      <Row gutter={[12, 12]}>
        {isWorkflow && process && graph ? (
          <>
            <Col xs={{ span: 24, order: 2 }} xl={{ span: 5, order: 1 }}>
              <Flex vertical gap={12}>
                <CataloguePalette apps={catalogueQuery.data ?? []} loading={catalogueQuery.isLoading} onAdd={addApp} />
                <IoPanel process={process} sources={sources} edit={editW} connect={(s, port) => tryConnect(s, undefined, port)} />
              </Flex>
            </Col>
            {/* on a phone the canvas comes first, the catalogue and the ports under it */}
            <Col xs={{ span: 24, order: 1 }} xl={{ span: 11, order: 2 }}>
              <Flex vertical gap={12}>
                <div style={{ height: 'max(360px, 60vh)', border: '1px solid #f0f0f0', borderRadius: 8 }} data-testid="designer-canvas">
                  <WorkflowCanvas
                    graph={graph}
                    stepPorts={stepPorts}
                    positions={draft.positions}
                    onPositions={setPositions}
                    onSelect={setSelected}
                    onDropApp={addApp}
                    onConnect={(s, target) => tryConnect(s.kind === 'step' ? `${s.id}/${s.port}` : s.id, target.kind === 'step' ? target.id : undefined, target.kind === 'step' ? target.port : target.id)}
                  />
                </div>
                {selectedStep ? <StepPanel process={process} step={selectedStep} runInputs={entries(stepRun(selectedStep)?.inputs)} sources={sources.filter((s) => !s.startsWith(`${selectedStep}/`))} edit={editW} connect={tryConnect} /> : null}
              </Flex>
            </Col>
          </>
        ) : process && parsed.ok ? (
          <Col xs={24} xl={16}>
            <ToolForm process={process} edit={editT} />
          </Col>
        ) : null}
        <Col xs={{ span: 24, order: 3 }} xl={{ span: 8, order: 3 }}>
          <CwlTextPanel text={text} onChange={setText} error={parsed.ok ? undefined : { message: parsed.error, line: parsed.line }} />
        </Col>
      </Row>
      <SaveModal open={naming} saving={saving} onCancel={() => setNaming(false)} onSave={(name, title) => void save(name, title)} />
    </Flex>
  );
}
