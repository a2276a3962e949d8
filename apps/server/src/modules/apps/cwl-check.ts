import { Code } from '@starlight/contract/codes';
import { workflowGraphIssues } from '@starlight/contract/cwl/graph-check';
import { referenceIssues } from '@starlight/contract/cwl/references';
import { processPorts, resourceHints, type CwlPort } from '@starlight/contract/cwl/inputs';
import { CwlParseError, parseCwlText, processClass, resolveRuns, type CwlIssue, type CwlObject } from '@starlight/contract/cwl/parse';
import { cwltoolValidate } from '../../drivers/workflows/cwltool-validate';
import { AppError } from '../../lib/app-error';

export interface CheckedUpload {
  parsed: CwlObject;
  cwlClass: string;
  inputs: CwlPort[];
  outputs: CwlPort[];
  resources: { cores?: number; ram_mb?: number };
  /** Catalogue apps named by `run: <name>.cwl`. */
  uses: string[];
}

/** The 1400 reply naming each field: `body.cwl` for the main file, `body.files.<name>` for the others. */
export function invalidCwl(issues: CwlIssue[], mainFile: string): AppError {
  const fields = issues.map((i) => {
    const [file, ...rest] = i.path.split(':');
    const where = rest.join(':');
    const base = file === mainFile ? 'body.cwl' : file === 'main_file' ? 'body.main_file' : `body.files.${file}`;
    return { path: rest.length ? `${base}:${where}` : base, message: i.message };
  });
  return new AppError(Code.invalidInput, `the CWL document is not valid: ${fields[0]?.path} ${fields[0]?.message}`, { fields });
}

/**
 * What a save checks, cheapest first: the text parses, `run:` references stay inside the upload (or name a
 * catalogue app), the ports have types we understand, no cycle of steps nor a link of types that never meet
 * (contract `workflowGraphIssues`) — then the real engine (`cwltool --validate`) on a
 * temporary copy. Without cwltool the save is refused with what to install: an unvalidated app would only
 * fail later, at launch.
 */
export async function checkUpload(
  files: Record<string, string>,
  mainFile: string,
  appTexts: (names: string[]) => Promise<Record<string, string>>,
  isApp: (name: string) => boolean,
  /** false only for texts shipped with the console (demo seed): their validity is a test's job, not each start's. */
  engine = true,
): Promise<CheckedUpload> {
  // every file reference confined to the upload before anything reads one (the engine runs confined as well)
  const { references, issues } = resolveRuns(files, mainFile, isApp);
  const reported = new Set(issues.map((i) => i.path));
  issues.push(...referenceIssues(files, mainFile, isApp).filter((i) => !reported.has(i.path)));
  if (issues.length) throw invalidCwl(issues, mainFile);
  let parsed: CwlObject;
  let cwlClass: string;
  let ports: { inputs: CwlPort[]; outputs: CwlPort[] };
  try {
    parsed = parseCwlText(files[mainFile]!, mainFile);
    cwlClass = processClass(parsed, mainFile);
    ports = processPorts(parsed);
  } catch (error) {
    if (error instanceof CwlParseError) throw invalidCwl(error.issues.map((i) => (i.path.includes(':') ? i : { ...i, path: `${mainFile}:${i.path}` })), mainFile);
    throw error;
  }
  const uses = [...new Set(references.flatMap((r) => (r.target.kind === 'app' ? [r.target.name] : [])))];
  // catalogue apps are validated as they will run: their text beside the referring file
  const withApps = { ...files };
  const texts = await appTexts(uses);
  for (const r of references) if (r.target.kind === 'app') withApps[siblingOf(r.file, `${r.target.name}.cwl`)] = texts[r.target.name]!;
  // a cycle of steps and a link whose types never meet, named on the step or port (the designer's own checks)
  const graphIssues = workflowGraphIssues(withApps);
  if (graphIssues.length) throw invalidCwl(graphIssues, mainFile);
  if (!engine) return { parsed, cwlClass, inputs: ports.inputs, outputs: ports.outputs, resources: resourceHints(parsed), uses };
  const result = await cwltoolValidate(withApps, mainFile);
  if (!result.available) throw new AppError(Code.upstreamDown, result.reason);
  if (!result.valid) throw invalidCwl(result.issues, mainFile);
  return { parsed, cwlClass, inputs: ports.inputs, outputs: ports.outputs, resources: resourceHints(parsed), uses };
}

export const siblingOf = (file: string, name: string): string => [...file.split('/').slice(0, -1), name].join('/');
