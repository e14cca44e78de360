/** The signed-in person's notifications (GET /api/notifications): newest first, older ones by cursor. */

/** One notification. */
export interface NotificationItem {
  id: string;
  type: string;
  title: string;
  body: string;
  /** The site path it is about, when there is one. */
  link: string | null;
  isRead: boolean;
  createdAt: string;
}

/** A page of notifications, the unread count the bell shows, and the cursor for older ones. */
export interface NotificationsAnswer {
  items: NotificationItem[];
  unreadCount: number;
  /** Pass as `before` to read the next older page; null when there are no more. */
  nextBefore: string | null;
}
