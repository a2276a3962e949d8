import { createFileDriver } from '../core/driver-core';
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
export function createSshFileDriver(config: SshFileDriverConfig): FileDriver {
  const settings = sshFileDriverConfigSchema.parse(config);
  const pool = new SftpPool((account) => connectSftp(settings, account), settings);
  return createFileDriver({
    kind: 'ssh',
    async openSession(account) {
      const lease = await pool.lease(account);
      return { fs: createSftpFs(lease.sftp), home: lease.home, homeReal: lease.home, release: lease.release };
    },
    close: () => pool.close(),
  });
}
