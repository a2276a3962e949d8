/** sinfo's base states → antd Tag colours. */
export function nodeStateColor(state: string): string {
  switch (state) {
    case 'idle':
      return 'success';
    case 'mixed':
      return 'processing';
    case 'allocated':
      return 'blue';
    case 'completing':
      return 'cyan';
    case 'down':
    case 'fail':
    case 'failing':
      return 'error';
    case 'drained':
    case 'draining':
    case 'maint':
    case 'reserved':
      return 'warning';
    default:
      return 'default';
  }
}

export const nodeStatePath = (node: { cluster: string; name: string }) =>
  `/monitor/state/${encodeURIComponent(node.name)}?cluster=${encodeURIComponent(node.cluster)}`;
