import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ApiError } from '../../../lib/api-error';
import { JobCallFailed, SchedulersUnreachable } from '../components/scheduler-unreachable';

describe('job pages when the scheduler does not answer', () => {
  it("names a 1502 as the scheduler being unreachable and shows the envelope's reason", () => {
    render(<JobCallFailed error={new ApiError({ code: 1502, info: 'slurmrestd unreachable at http://login01:6820: ECONNREFUSED' })} title="This job could not be loaded." testId="failed" />);
    expect(screen.getByTestId('failed').textContent).toContain('The scheduler is unreachable');
    expect(screen.getByTestId('failed').textContent).toContain('ECONNREFUSED');
  });

  it('keeps the generic title for other failures, still with their reason', () => {
    render(<JobCallFailed error={new ApiError({ code: 1404, info: 'job 7 not found' })} title="This job could not be loaded." testId="failed" />);
    expect(screen.getByTestId('failed').textContent).toContain('This job could not be loaded.');
    expect(screen.getByTestId('failed').textContent).toContain('job 7 not found');
  });

  it("lists the clusters a list was served without, from the list's `unreachable`", () => {
    render(<SchedulersUnreachable clusters={[{ cluster: 'devcluster', since: '2026-11-28T05:08:40.000Z', reason: 'slurmrestd at http://127.0.0.1:6820 did not answer within 2 s' }]} />);
    const text = screen.getByTestId('jobs-unreachable').textContent;
    expect(text).toContain('do not answer');
    expect(text).toContain('devcluster');
    expect(text).toContain('did not answer within 2 s');
  });

  it('says nothing when every scheduler answered', () => {
    const { container } = render(<SchedulersUnreachable clusters={undefined} />);
    expect(container.textContent).toBe('');
  });
});
