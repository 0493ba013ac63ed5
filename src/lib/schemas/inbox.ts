/** The inbox's requests and answers (issue 34 §2), shared by the API, the page and the bell island. */
import { z } from 'zod';
import { INBOX_KINDS } from '#lib/inbox';
import { isoDateTime, named, pageFields } from './common';

export const INBOX_PER_PAGE = 20;
/** How many notifications one "mark as read" may name. */
export const MARK_READ_MAX_IDS = 100;
/** The handle of a shown item: its group key (`kudos:12`), or `id:{id}` for an event that is not grouped. */
export const ITEM_GROUP_PATTERN = /^[a-z-]+:[0-9]+$/;
export const ITEM_GROUP_MESSAGE = 'Name the item to mark as read by its group, e.g. kudos:12 or id:5.';

export const inboxQuerySchema = z.object({
  page: z.coerce.number<string>().int().min(1).max(10_000).catch(1),
});
export type InboxQuery = z.output<typeof inboxQuerySchema>;

/** Mark as read: some notifications by id, or one shown item (a group) by its handle. Harmless twice. */
export const markReadSchema = z
  .object({
    ids: z
      .array(z.int().positive(), { error: 'ids must be a list of notification ids.' })
      .max(MARK_READ_MAX_IDS, `At most ${MARK_READ_MAX_IDS} ids at once.`)
      .optional()
      .meta({ description: 'Notification ids (the `ids` of the items).' }),
    group: z
      .string({ error: ITEM_GROUP_MESSAGE })
      .trim()
      .max(100, ITEM_GROUP_MESSAGE)
      .regex(ITEM_GROUP_PATTERN, ITEM_GROUP_MESSAGE)
      .optional()
      .meta({ description: 'An item’s `group`: every unread notification of it.' }),
  })
  .refine((input) => (input.ids?.length ?? 0) > 0 || input.group !== undefined, {
    error: 'Say what to mark as read: ids or a group.',
  });
export type MarkReadInput = z.input<typeof markReadSchema>;

/** The /notifications page's plain form posts (work without JavaScript): one item, or all. */
export const markReadFormSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('read'),
    group: z.string().trim().max(100).regex(ITEM_GROUP_PATTERN, ITEM_GROUP_MESSAGE),
    page: z.coerce.number<string>().int().min(1).max(10_000).catch(1),
  }),
  z.object({ action: z.literal('read-all'), page: z.coerce.number<string>().int().min(1).max(10_000).catch(1) }),
]);

const ref = <S extends z.ZodRawShape>(shape: S) => z.object(shape).nullable();

export const inboxItemSchema = named(
  'Notification',
  z.object({
    group: z.string().meta({ description: 'The item’s handle for POST /api/me/notifications/read.' }),
    ids: z.array(z.int()).meta({ description: 'The notifications the item shows (several when grouped, up to 100).' }),
    kind: z.enum(INBOX_KINDS),
    read: z.boolean(),
    createdAt: isoDateTime.meta({ description: 'The newest of its notifications.' }),
    count: z.int().meta({ description: 'How many notifications the item groups.' }),
    people: z.int().meta({ description: 'How many different people acted (kudos, notes).' }),
    actor: z.string().nullable().meta({ description: 'Who acted last (kudos, notes), when they still have an account.' }),
    jam: ref({ slug: z.string(), name: z.string() }),
    entry: ref({ id: z.int(), title: z.string() }),
    data: z.record(z.string(), z.unknown()).meta({
      description:
        'Details by kind: `mystery` (jam-started), `won`/`communityChoice` (results), `reason`, `title`, `jamName` (entry-removed, request-declined), `item` (report).',
    }),
    href: z.string().meta({ description: 'Where the item leads, a path without the locale prefix.' }),
  }),
);
export type InboxItemDto = z.infer<typeof inboxItemSchema>;

export const inboxListSchema = named(
  'NotificationList',
  z.object({
    items: z.array(inboxItemSchema),
    ...pageFields,
    unread: z.int().meta({ description: 'Unread items (as the bell counts them).' }),
  }),
);
export type InboxListDto = z.infer<typeof inboxListSchema>;

export const unreadCountSchema = named('UnreadCount', z.object({ count: z.int() }));
export type UnreadCountDto = z.infer<typeof unreadCountSchema>;

export const markedReadSchema = named('MarkedRead', z.object({ marked: z.int(), unread: z.int() }));
export type MarkedReadDto = z.infer<typeof markedReadSchema>;

/** The private calendar and RSS addresses (absolute, English; `/hu` and `/ir` variants work too). */
export const feedAddressesSchema = named(
  'PrivateFeeds',
  z.object({
    calendar: z.string().nullable(),
    rss: z.string().nullable(),
  }),
);
export type FeedAddressesDto = z.infer<typeof feedAddressesSchema>;
