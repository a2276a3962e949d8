import { Code } from '@starlight/contract/codes';
import { createFileDriver } from '../core/driver-core';
import { FileError } from '../file-error';
import type { FileDriver } from '../interface';
import { connectSftp } from './sftp-connect';
import { createSftpFs } from './sftp-fs';
import { SftpPool } from './ssh-pool';
import { sshFileDriverConfigSchema } from './ssh-options';
import type { SshFileDriverConfig } from './ssh-options';

/**
 * Files on the cluster, over SFTP to the login node logged in as the bound account. Our checks
 * (paths.ts, then links resolved with the server's realpath and confined to the home the server
 * reports) come first; whatever passes them is still done as the account, so the cluster's own
 * permissions have the last word.
 */
export function createSshFileDriver(config: SshFileDriverConfig, options: { rootTemplate?: string } = {}): FileDriver {
  const settings = sshFileDriverConfigSchema.parse(config);
  const pool = new SftpPool((account) => connectSftp(settings, account), settings);
  const template = options.rootTemplate;
  return createFileDriver({
    kind: 'ssh',
    async openSession(account) {
      const lease = await pool.lease(account);
      if (!template) return { fs: createSftpFs(lease.sftp), home: lease.home, homeReal: lease.home, release: lease.release };
      // a storage rooted elsewhere than the login home (/public/home/{account}): its real path, as the account sees it
      const fs = createSftpFs(lease.sftp);
      const home = template.replace('{account}', account);
      try {
        const homeReal = await fs.realpath(home);
        if (homeReal === '/') throw new FileError(Code.upstreamDown, `the storage root of account ${account} is /`, 'unavailable');
        return { fs, home, homeReal, release: lease.release };
      } catch (err) {
        lease.release();
        if (err instanceof FileError) throw err;
        throw new FileError(Code.dirMissing, `the storage root ${home} does not exist on the cluster`, 'dir-missing');
      }
    },
    close: () => pool.close(),
  });
}
