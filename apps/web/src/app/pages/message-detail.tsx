import { useParams } from 'react-router';
import { MessageDetail } from '../../features/messages/components/message-detail';

/** /user-center/detailmessage/:id: one message, marked read as it opens. */
export default function MessageDetailPage() {
  const { id = '' } = useParams();
  return (
    <div data-testid="message-detail-page">
      <MessageDetail id={Number(id)} />
    </div>
  );
}
