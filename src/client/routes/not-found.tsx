/** The 404 page: what the server sends, with status 404, for a path that is no page. */
import { MessageLink, MessagePage } from '#client/components/page-layout.tsx';

export default function NotFoundPage() {
  return (
    <MessagePage
      eyebrow="Error 404"
      title="404 Page Not Found"
      actions={<MessageLink href="/">Back to the story</MessageLink>}
    >
      The page you were looking for does not exist or has moved.
    </MessagePage>
  );
}
