import type { IslandMessages } from '#i18n/island';
import { IslandI18n, useT } from '#i18n/react';
import { api } from '#client/api-client';
import { httpUrlOrNull } from '#lib/safe-url';
import type { InvitationDto } from '#lib/schemas/teams';
import { renderedByReact } from '#lib/astro-renderer';
import { InvitationList } from './ui/InvitationList';

interface Props {
  messages: IslandMessages;
  invitations: InvitationDto[];
  /** The address of an entry's page, with `{slug}` and `{id}` in place. */
  entryHref: string;
}

/** The dashboard's team invitations (issue 35 §1): each entry, its jam, who invited you, Accept / Decline. */
function Invitations({ messages, ...props }: Props) {
  return (
    <IslandI18n messages={messages}>
      <List {...props} />
    </IslandI18n>
  );
}

function List({ invitations, entryHref }: Omit<Props, 'messages'>) {
  const t = useT();
  return (
    <InvitationList
      texts={{ accept: t('invitations.accept'), decline: t('invitations.decline'), failed: t('invitations.failed') }}
      invitations={invitations.map((invitation) => ({
        key: String(invitation.entryId),
        kind: 'invitation',
        title: invitation.entryTitle,
        href: entryHref.replace('{slug}', encodeURIComponent(invitation.jam.slug)).replace('{id}', String(invitation.entryId)),
        thumbnail: httpUrlOrNull(invitation.thumbnailUrl),
        meta: [
          t('invitations.inJam', { jam: invitation.jam.name }),
          ...(invitation.invitedBy ? [t('invitations.by', { name: invitation.invitedBy })] : []),
        ],
        acceptLabel: t('invitations.acceptLabel', { entry: invitation.entryTitle }),
        declineLabel: t('invitations.declineLabel', { entry: invitation.entryTitle }),
        answer: async (accept) => {
          await api(`/me/invitations/${invitation.entryId}`, { method: accept ? 'PUT' : 'DELETE' });
          return accept ? t('invitations.accepted', { entry: invitation.entryTitle }) : t('invitations.declined');
        },
      }))}
    />
  );
}

export default renderedByReact(Invitations);
