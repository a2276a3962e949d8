import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { bindFeedback } from '../../../lib/feedback';
import { envelopeResponse, mockFetch } from '../../../test/fetch-mock';
import { spyFeedback } from '../../../test/feedback-spy';
import { caseErrors, namelists, type WrfCase } from '../namelist';
import { WrfCaseForm } from '../wrf-case';

const shanghai: WrfCase = { start: '2026-07-01 00', end: '2026-07-02 06', lat: 31.2, lon: 121.5, dxKm: 12, eWe: 100, eSn: 90, intervalHours: 6 };

describe('WRF namelists', () => {
  it('writes the period, the domain and the projection into namelist.wps', () => {
    const { wps } = namelists(shanghai);
    expect(wps).toContain("start_date = '2026-07-01_00:00:00'");
    expect(wps).toContain("end_date   = '2026-07-02_06:00:00'");
    expect(wps).toContain('interval_seconds = 21600');
    expect(wps).toMatch(/e_we = 100,\n e_sn = 90,\n dx = 12000,\n dy = 12000,/);
    expect(wps).toContain("map_proj = 'lambert'");
    expect(wps).toContain('ref_lat = 31.2');
    expect(wps).toContain('stand_lon = 121.5');
  });

  it('writes run hours, dates, time step and physics into namelist.input', () => {
    const { input } = namelists(shanghai);
    expect(input).toContain('run_hours = 30,');
    expect(input).toContain('start_year = 2026, start_month = 07, start_day = 01, start_hour = 00,');
    expect(input).toContain('end_year = 2026, end_month = 07, end_day = 02, end_hour = 06,');
    expect(input).toContain('time_step = 72,'); // 6 × dx in km
    expect(input).toContain('cu_physics = 1,'); // cumulus on at 12 km
    expect(namelists({ ...shanghai, dxKm: 3 }).input).toContain('cu_physics = 0,');
    // every namelist group is closed
    for (const text of [input, namelists(shanghai).wps]) expect(text.match(/^&/gm)?.length).toBe(text.match(/^\/$/gm)?.length);
  });

  it('flags an end before the start and coordinates out of range', () => {
    expect(caseErrors(shanghai)).toEqual({});
    expect(caseErrors({ ...shanghai, end: '2026-06-30 00', lat: 91, lon: -181 })).toEqual({ end: 'endBeforeStart', lat: 'range', lon: 'range' });
  });
});

describe('the WRF case page', () => {
  beforeEach(() => {
    spyFeedback();
  });
  afterEach(() => {
    bindFeedback(null);
    vi.unstubAllGlobals();
  });

  const renderPage = (installed: boolean) => {
    const calls: string[] = [];
    mockFetch((url) => {
      calls.push(url);
      if (url.includes('/kcluster/user/available/partitions'))
        return envelopeResponse({ code: 200, spec: [{ id: 1, cluster_id: 1, cluster_name: 'local', name: 'local', description: '', partition_type: 'cpu', init_type: 'auto', max_time_minutes: null, is_default: true }] });
      if (url.includes('/app/wrf'))
        return envelopeResponse({
          code: 200,
          spec: installed
            ? { app: true, cluster: 'local', installed: true, missing: [], found: { 'real.exe': '/opt/wrf/main/real.exe', 'wrf.exe': '/opt/wrf/main/wrf.exe' }, message: 'WRF is installed on cluster local' }
            : { app: true, cluster: 'local', installed: false, missing: ['real.exe', 'wrf.exe'], found: {}, message: 'WRF is not installed on cluster local: real.exe and wrf.exe not found on the PATH of its jobs.' },
        });
      return envelopeResponse({ code: 1404, info: 'not found' }, 404);
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <App>
            <WrfCaseForm />
          </App>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return calls;
  };

  it('says clearly that WRF is not installed on the chosen cluster and does not offer the launch', async () => {
    const calls = renderPage(false);
    expect((await screen.findByTestId('wrf-missing')).textContent).toContain('WRF is not installed on cluster local');
    expect(screen.getByTestId('wrf-missing-detail').textContent).toContain('real.exe, wrf.exe cannot be found on this cluster');
    expect(screen.getByTestId('wrf-launch-refused').textContent).toContain('real.exe and wrf.exe not found');
    expect((screen.getByTestId('wrf-launch') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('wrf-installed')).toBeNull();
    // asked of the server for the cluster picked, not assumed
    expect(calls.some((u) => u.includes('/app/wrf?cluster=local'))).toBe(true);
    expect(screen.getByTestId('namelist-wps').textContent).toContain("start_date = '2026-07-01_00:00:00'");
  });

  it('offers the launch where WRF is installed', async () => {
    renderPage(true);
    expect((await screen.findByTestId('wrf-installed')).textContent).toContain('WRF is installed on cluster local');
    expect(screen.queryByTestId('wrf-missing')).toBeNull();
    expect((screen.getByTestId('wrf-launch') as HTMLButtonElement).disabled).toBe(false);
  });
});
