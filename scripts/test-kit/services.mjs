// The real services the test suites use, in one place: how each is detected (what scripts/services-up.sh
// exports or installs) and the one command that brings them all up. scripts/test-all.mjs prints the missing
// ones before the run; test files detect the same things (see missingServices below).
import { existsSync } from 'node:fs';

export const servicesUpCommand = '`bash scripts/services-up.sh` as root (it prints the variables to source)';

const which = (...files) => files.some((file) => existsSync(file));

/** name → what it is used for and whether it is here. */
export const services = [
  { name: 'PostgreSQL', present: (env) => !!env.STARLIGHT_TEST_PG, needs: 'STARLIGHT_TEST_PG', for: 'server tests on PostgreSQL, two instances' },
  { name: 'Slurm (slurmrestd)', present: (env) => !!env.SLURMRESTD_URL && !!env.SLURM_JWT_KEY_FILE, needs: 'SLURMRESTD_URL, SLURM_JWT_KEY_FILE', for: 'the Slurm driver, quotas, fees, the Slurm e2e journeys' },
  { name: 'sshd (login node)', present: (env) => !!env.STARLIGHT_TEST_SSH_KEY, needs: 'STARLIGHT_TEST_SSH_KEY', for: 'SFTP storage, the web shell, transfers' },
  { name: 'Chromium', present: (env) => which(env.STARLIGHT_CHROMIUM ?? '/usr/bin/chromium'), needs: '/usr/bin/chromium', for: 'the browser end-to-end tests' },
  { name: 'cwltool', present: () => which('/usr/bin/cwltool', '/usr/local/bin/cwltool'), needs: 'cwltool', for: 'apps (CWL), WRF, the CWL conformance test' },
  { name: 'Prometheus', present: (env) => !!env.PROMETHEUS_URL, needs: 'PROMETHEUS_URL', for: 'node metrics' },
  { name: 'image registry', present: () => which('/usr/bin/docker-registry') && which('/usr/bin/skopeo'), needs: 'docker-registry, skopeo', for: 'the image hub' },
  { name: 'rclone', present: () => which('/usr/bin/rclone'), needs: 'rclone', for: 'data-source transfers' },
  { name: 'Jupyter', present: () => which('/usr/bin/jupyter-notebook'), needs: 'jupyter-notebook', for: 'interactive sessions' },
];

/** The services that are not here, with the reason. */
export function missingServices(env = process.env) {
  return services.filter((service) => !service.present(env));
}
