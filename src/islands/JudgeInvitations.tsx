import type { IslandMessages } from '#i18n/island';
import { IslandI18n, useT } from '#i18n/react';
import { api } from '#client/api-client';
import type { JudgeInvitationDto } from '#lib/schemas/judges';
import { renderedByReact } from '#lib/astro-renderer';
import { InvitationList } from './ui/InvitationList';

interface Props {
  messages: IslandMessages;
  invitations: JudgeInvitationDto[];
  /** The address of a jam's page, with `{slug}` in place. */
  jamHref: string;
}

/** The dashboard's invitations to judge a jam (ADR 040): the jam, who invited you, Accept / Decline. */
function JudgeInvitations({ messages, ...props }: Props) {
  return (
    <IslandI18n messages={messages}>
      <List {...props} />
    </IslandI18n>
  );
}

function List({ invitations, jamHref }: Omit<Props, 'messages'>) {
  const t = useT();
  return (
    <InvitationList
      texts={{
        accept: t('judgeInvitations.accept'),
        decline: t('judgeInvitations.decline'),
        failed: t('judgeInvitations.failed'),
      }}
      invitations={invitations.map((invitation) => ({
        key: invitation.jam.slug,
        kind: 'judge-invitation',
        title: t('judgeInvitations.judge', { jam: invitation.jam.name }),
        href: jamHref.replace('{slug}', encodeURIComponent(invitation.jam.slug)),
        meta: invitation.invitedBy ? [t('judgeInvitations.by', { name: invitation.invitedBy })] : [],
        acceptLabel: t('judgeInvitations.acceptLabel', { jam: invitation.jam.name }),
        declineLabel: t('judgeInvitations.declineLabel', { jam: invitation.jam.name }),
        answer: async (accept) => {
          await api(`/me/judge-invitations/${encodeURIComponent(invitation.jam.slug)}`, { method: accept ? 'PUT' : 'DELETE' });
          return accept ? t('judgeInvitations.accepted', { jam: invitation.jam.name }) : t('judgeInvitations.declined');
        },
      }))}
    />
  );
}

export default renderedByReact(JudgeInvitations);
