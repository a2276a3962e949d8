import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { engineEnvironment, engineScript, parseOutputs, stepOfToilJob, stepStateFromJobs, stepStatesFromLog, toilStep, toilStepSkipped, toilSubmitFailed } from './engine';

/*
 * Step states from the engines' own logs. The fixtures are real logs: `fixtures/wf.cwl` (a scattered `hello`, a
 * `skipped` step whose `when` is false, a `broken` step running `false`) run by cwltool 3.1 and by toil-cwl-runner
 * 5.9 (`--writeLogs`), and toil on the real Slurm with `TOIL_SLURM_ARGS=--partition=nope` (toil #4743).
 */
const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const steps = ['hello', 'skipped', 'broken'];
// toil names jobs after the step's run file: both hello and skipped run echo.cwl
const runs = new Map<string, string | undefined>([
  ['hello', 'echo.cwl'],
  ['skipped', 'echo.cwl'],
  ['broken', 'fail.cwl'],
]);
const cut = (log: string, through: string) => log.slice(0, log.indexOf(through) + through.length);

describe('cwltool log → step states', () => {
  const log = fixture('cwltool-wf.txt');

  it('reads queued, running, done, skipped by `when` and failed as the run goes', () => {
    expect(Object.fromEntries(stepStatesFromLog(steps, ''))).toEqual({ hello: 'queued', skipped: 'queued', broken: 'queued' });
    // the second scatter job is running: the step is running, the others not started
    expect(Object.fromEntries(stepStatesFromLog(steps, cut(log, '[job hello_2]')))).toEqual({ hello: 'running', skipped: 'queued', broken: 'queued' });
    // one scatter job done is not the step done
    expect(stepStatesFromLog(steps, cut(log, '[job hello] completed success')).get('hello')).toBe('running');
    expect(Object.fromEntries(stepStatesFromLog(steps, cut(log, '[step skipped] will be skipped')))).toEqual({ hello: 'done', skipped: 'skipped', broken: 'queued' });
    expect(Object.fromEntries(stepStatesFromLog(steps, cut(log, '[job broken] /')))).toEqual({ hello: 'done', skipped: 'skipped', broken: 'running' });
    expect(Object.fromEntries(stepStatesFromLog(steps, log))).toEqual({ hello: 'done', skipped: 'skipped', broken: 'failed' });
  });

  it('fails a step cwltool could not even start (ERROR [step x] Cannot make job)', () => {
    expect(Object.fromEntries(stepStatesFromLog(steps, fixture('cwltool-cannot-make-job.txt')))).toEqual({ hello: 'done', skipped: 'skipped', broken: 'failed' });
  });
});

describe('toil logs → step states', () => {
  const log = fixture('toil-wf.txt');

  it('maps toil job names to steps: the step named in the job first, else its run file', () => {
    expect(toilStep('wf.cwl.skipped.echo.cwl', runs)).toBe('skipped');
    expect(toilStep('wf.cwl.0.echo.cwl', runs)).toBe('hello'); // a scatter job names only the file
    expect(toilStep('wf.cwl.broken.fail.cwl', runs)).toBe('broken');
    expect(stepOfToilJob('toil_job_7_wf.cwl.broken.fail.cwl', runs)).toBe('broken');
    expect(stepOfToilJob('some-other-job', runs)).toBe(null);
  });

  it('reads queued, running and failed from the leader log as the run goes', () => {
    expect(Object.fromEntries(stepStatesFromLog(steps, cut(log, 'Saving graph'), runs))).toEqual({ hello: 'queued', skipped: 'queued', broken: 'queued' });
    expect(Object.fromEntries(stepStatesFromLog(steps, cut(log, 'wf.cwl.1.echo.cwl kind-CWLJob'), runs))).toMatchObject({ hello: 'running', broken: 'queued' });
    expect(Object.fromEntries(stepStatesFromLog(steps, log, runs))).toMatchObject({ hello: 'running', broken: 'failed' });
  });

  it("decides done and failed from the steps' Slurm jobs", () => {
    expect(stepStateFromJobs([])).toBe(null);
    expect(stepStateFromJobs(['PENDING'])).toBe('running');
    expect(stepStateFromJobs(['COMPLETED', 'RUNNING'])).toBe('running');
    expect(stepStateFromJobs(['COMPLETED', 'COMPLETED'])).toBe('done');
    expect(stepStateFromJobs(['COMPLETED', 'OUT_OF_MEMORY'])).toBe('failed');
    expect(stepStateFromJobs(['CANCELLED', 'COMPLETED'])).toBe('cancelled');
  });

  it('tells a step skipped by `when` (its job ran no command) from one that ran', () => {
    expect(toilStepSkipped(fixture('toil-worker-skipped.txt'))).toBe(true);
    expect(toilStepSkipped(fixture('toil-worker-ran.txt'))).toBe(false);
    expect(toilStepSkipped('')).toBe(false); // no log yet is not skipped
  });

  it('sees a refused sbatch (toil #4743), which must fail the run, and nothing in a log without one', () => {
    expect(toilSubmitFailed(fixture('toil-sbatch-refused.txt'))).toBe('sbatch: error: invalid partition specified: nope');
    expect(toilSubmitFailed(log)).toBe(null);
    expect(toilSubmitFailed(fixture('cwltool-wf.txt'))).toBe(null);
  });
});

describe('engine scripts and outputs', () => {
  it('hands the partition and the memory to toil as values, never as script text', () => {
    expect(engineEnvironment('cwltool', 'wc.cwl', 'local', 300)).toEqual({ STARLIGHT_CWL_MAIN: 'wc.cwl' });
    expect(engineEnvironment('toil', 'wf.cwl', 'debug', 300)).toEqual({ STARLIGHT_CWL_MAIN: 'wf.cwl', TOIL_SLURM_ARGS: '--partition=debug', STARLIGHT_MEMORY_MB: '300' });
    expect(engineEnvironment('toil', 'wf.cwl', 'debug')).not.toHaveProperty('STARLIGHT_MEMORY_MB');
    expect(engineScript('toil')).toContain('--defaultMemory "${STARLIGHT_MEMORY_MB}Mi"');
    expect(engineScript('toil')).not.toContain('debug');
  });

  it('parses the output object an engine prints, after any noise, and nothing from a broken one', () => {
    expect(parseOutputs('noise\n{"out": {"class": "File"}}')).toEqual({ out: { class: 'File' } });
    expect(parseOutputs('')).toBe(null);
    expect(parseOutputs('{"out": ')).toBe(null);
  });
});
