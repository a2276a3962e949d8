import { describe, expect, it } from 'vitest';
import { referenceIssues } from './references';

const tool = (extra: string) => `cwlVersion: v1.2
class: CommandLineTool
baseCommand: "true"
${extra}
inputs: []
outputs: []
`;
const issuesOf = (files: Record<string, string>, main = 'main.cwl') => referenceIssues(files, main, (name) => name === 'word-count');

describe('referenceIssues (issue 19: every file reference stays in the upload)', () => {
  it.each([
    ['$include absolute', tool('successCodes: [{$include: /etc/shadow}]'), 'main.cwl:successCodes.0.$include', /\/etc\/shadow is an absolute path/],
    ['$include climbing out', tool('successCodes: [{$include: ../../../../etc/shadow}]'), 'main.cwl:successCodes.0.$include', /climbs out/],
    ['$include file:// URL', tool('successCodes: [{$include: "file:///etc/shadow"}]'), 'main.cwl:successCodes.0.$include', /is a URL/],
    ['$include percent-encoded climb', tool('successCodes: [{$include: "%2e%2e/%2E%2E/etc/shadow"}]'), 'main.cwl:successCodes.0.$include', /climbs out/],
    ['$include of a missing file', tool('successCodes: [{$include: nothere.txt}]'), 'main.cwl:successCodes.0.$include', /not a file of this upload/],
    ['$import http', tool('hints: {$import: "http://127.0.0.1:9/x.yml"}'), 'main.cwl:hints.$import', /is a URL/],
    ['$mixin absolute', tool('requirements: [{$mixin: /etc/passwd}]'), 'main.cwl:requirements.0.$mixin', /absolute/],
    ['$schemas URL', `$schemas: ["https://schema.org/x.rdf"]\n${tool('')}`, 'main.cwl:$schemas.0', /is a URL/],
    ['$base', `$base: "file:///etc/"\n${tool('')}`, 'main.cwl:$base', /\$base is not accepted/],
    ['a reference below an absolute id (it moves the base)', `id: "file:///etc/"\n${tool('successCodes: [{$include: shadow}]')}`, 'main.cwl:successCodes.0.$include', /resolve against file:\/\/\/etc\//],
    ['a #fragment run below an absolute map key', 'cwlVersion: v1.2\nclass: Workflow\ninputs: []\noutputs: []\nsteps:\n  "file:///etc/":\n    run: "#x"\n', 'main.cwl:steps.file:///etc/.run', /resolve against/],
    ['a namespace prefix used as a file', `$namespaces: {x: "file:///etc/"}\n${tool('successCodes: [{$include: "x:shadow"}]')}`, 'main.cwl:successCodes.0.$include', /prefixed name/],
    ['a File default location', tool('requirements:\n  InitialWorkDirRequirement:\n    listing: [{class: File, location: /etc/shadow}]'), 'main.cwl:requirements.InitialWorkDirRequirement.listing.0.location', /absolute/],
    ['a File default path with ~', tool('hints: [{class: x, a: {class: File, path: "~root/.ssh/id_rsa"}}]'), 'main.cwl:hints.0.a.path', /absolute/],
    ['a secondary file of a default', tool('arguments: []').replace('inputs: []', 'inputs:\n  f:\n    type: File\n    default: {class: File, location: a.txt, secondaryFiles: [{class: File, location: "../x"}]}'), 'main.cwl:inputs.f.default.secondaryFiles.0.location', /climbs out/],
    ['a Directory by its IRI class', tool('hints: [{class: x, d: {class: "https://w3id.org/cwl/cwl#Directory", location: "/"}}]'), 'main.cwl:hints.0.d.location', /absolute/],
  ])('refuses %s, naming the field and the reference', (_what, text, path, message) => {
    const issues = issuesOf({ 'main.cwl': text, 'a.txt': 'x' });
    expect(issues.map((i) => i.path)).toContain(path);
    expect(issues.find((i) => i.path === path)!.message).toMatch(message);
  });

  it('checks every file of the upload, relative to the file holding the reference', () => {
    const issues = issuesOf({
      'main.cwl': tool(''),
      'sub/types.yml': '- {$include: ../../secret}\n- {$include: ../main.cwl}\n',
      'job.yml': 'f: {class: File, path: /root/x}\n',
    });
    expect(issues.map((i) => i.path).sort()).toEqual(['job.yml:f.path', 'sub/types.yml:0.$include']);
  });

  it('names a list step by its id, as the run: check does', () => {
    const wf = 'cwlVersion: v1.2\nclass: Workflow\ninputs: []\noutputs: []\nsteps:\n  - id: s\n    run: /x.cwl\n    in: []\n    out: []\n';
    expect(issuesOf({ 'main.cwl': wf }).map((i) => i.path)).toEqual(['main.cwl:steps.s.run']);
  });

  it('refuses a name that is both a file and the folder of another', () => {
    expect(issuesOf({ 'main.cwl': tool(''), 'main.cwl/b.txt': 'x' })).toEqual([{ path: 'main.cwl', message: 'main.cwl is a file and also the folder of main.cwl/b.txt' }]);
  });

  it('refuses a document reference to a file that does not parse', () => {
    const issues = issuesOf({ 'main.cwl': tool('hints: {$import: t.yml}'), 't.yml': 'a: [unclosed' });
    expect(issues).toEqual([{ path: 'main.cwl:hints.$import', message: expect.stringMatching(/t.yml is loaded as a document/) }]);
  });

  it('keeps valid documents valid: fragments, expressions, literals, namespaces, local schemas, imports and includes', () => {
    const files = {
      'main.cwl': `cwlVersion: v1.2
class: CommandLineTool
$namespaces: {edam: "http://edamontology.org/", s: "https://schema.org/"}
$schemas: [EDAM.owl]
s:author: {s:name: "x"}
requirements:
  SchemaDefRequirement:
    types: [{$import: types/schemadef-type.yml}]
  InlineJavascriptRequirement:
    expressionLib: [{$include: underscore.js}]
  InitialWorkDirRequirement:
    listing:
      - {class: File, location: data/hello.txt}
      - {class: Directory, location: data}
      - {class: File, basename: lit.txt, contents: "x"}
      - {class: File, location: "_:b0", contents: "y"}
      - $(inputs.f)
      - {entryname: e, entry: "$(inputs.f.path)"}
baseCommand: "true"
inputs:
  f: {type: File, format: edam:format_1929, default: {class: File, path: ./data/hello.txt}}
  location: string
  path: {type: string, default: /etc/not-a-file-reference}
outputs: {$import: params_inc.yml}
`,
      'types/schemadef-type.yml': 'name: Rec\ntype: record\nfields: [{name: a, type: string}]\n',
      'params_inc.yml': '- id: o\n  type: File\n  outputBinding: {glob: "*"}\n',
      'underscore.js': 'var _ = {};\n',
      'EDAM.owl': '<?xml version="1.0"?><rdf:RDF/>',
      'data/hello.txt': 'hello\n',
      'job.yml': 'f: {class: File, location: data/hello.txt}\n',
    };
    expect(issuesOf(files)).toEqual([]);
  });

  it('accepts a run: of a catalogue app, a #id of the $graph and ../ that stays inside', () => {
    const wf = (run: string) => `cwlVersion: v1.2\nclass: Workflow\ninputs: []\noutputs: []\nsteps:\n  s: {run: ${run}, in: [], out: []}\n`;
    expect(issuesOf({ 'main.cwl': wf('word-count.cwl') })).toEqual([]);
    expect(issuesOf({ 'wf/main.cwl': wf('../tools/t.cwl#main'), 'tools/t.cwl': tool('') }, 'wf/main.cwl')).toEqual([]);
    expect(issuesOf({ 'main.cwl': wf('sort-lines.cwl') }).map((i) => i.message)).toEqual([expect.stringMatching(/not a file of this upload/)]);
  });
});
