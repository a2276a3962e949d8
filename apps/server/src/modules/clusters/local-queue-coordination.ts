import type { LocalQueueCoordination, QueueMessage } from '../../drivers/scheduler/local/queue-coordination';
import type { ClusterBus } from '../../lib/cluster-bus';

/** A local queue's coordination over the cluster bus: the bus's leader runs it; messages name the cluster. */
export function busQueueCoordination(bus: Pick<ClusterBus, 'isLeader' | 'onLeadership' | 'publish' | 'subscribe'>) {
  return (clusterName: string): LocalQueueCoordination => {
    const topic = `local-queue.${clusterName}`;
    return {
      leads: () => bus.isLeader(),
      onLeadChange: (listener) => bus.onLeadership(listener),
      send: (message) => bus.publish(topic, message),
      onMessage: (listener) => bus.subscribe(topic, (message) => listener(message as QueueMessage)),
    };
  };
}
