/** Teams (issue 35 §1): co-creators of an entry, their invitations, as the API and the islands see them. */
import { z } from 'zod';
import { TEAM_MEMBER_STATUSES, MAX_CO_CREATORS } from '#lib/teams';
import { isoDateTime, named, usernameSchema } from './common';

/** Someone credited on an entry, as cards and pages show them. */
export const coCreatorSchema = named(
  'CoCreator',
  z.object({
    name: z.string().meta({ description: 'Their Scratch username.' }),
    avatar: z.string().meta({ description: 'Where their Scratch picture is served from (this site’s picture proxy).' }),
  }),
);
export type CoCreatorDto = z.infer<typeof coCreatorSchema>;

export const inviteCoCreatorSchema = z.object({ name: usernameSchema });
export type InviteCoCreatorInput = z.input<typeof inviteCoCreatorSchema>;

export const teamMemberSchema = named(
  'Credit',
  coCreatorSchema.extend({
    status: z.enum(TEAM_MEMBER_STATUSES).meta({ description: '`invited` until they accept, then `accepted` (credited).' }),
    invitedAt: isoDateTime,
    acceptedAt: isoDateTime.nullable(),
  }),
);
export type TeamMemberDto = z.infer<typeof teamMemberSchema>;

export const teamSchema = named(
  'EntryCredits',
  z.object({
    entryId: z.int(),
    submitter: coCreatorSchema,
    credits: z.array(teamMemberSchema).meta({
      description:
        'Credited co-creators; pending invitations too for the team itself (submitter and co-creators), managers and administrators.',
    }),
    max: z.int().meta({ description: `Co-creators per entry, invited and accepted together (${MAX_CO_CREATORS}).` }),
    open: z.boolean().meta({ description: 'Whether the team can still change: until the jam stops taking submissions.' }),
    role: z.enum(['submitter', 'co-creator', 'invited', 'manager', 'none']).meta({
      description:
        'What you are to this entry: its submitter, a credited co-creator, invited, a manager of the jam (or an administrator), or none of these.',
    }),
  }),
);
export type TeamDto = z.infer<typeof teamSchema>;
export type TeamRole = TeamDto['role'];

export const invitationSchema = named(
  'Invitation',
  z.object({
    entryId: z.int(),
    entryTitle: z.string(),
    thumbnailUrl: z.string().nullable(),
    jam: z.object({ slug: z.string(), name: z.string() }),
    invitedBy: z.string().nullable().meta({ description: 'Who invited you (the submitter); null if their account is gone.' }),
    invitedAt: isoDateTime,
  }),
);
export type InvitationDto = z.infer<typeof invitationSchema>;

export const invitationListSchema = named(
  'InvitationList',
  z.object({
    invitations: z
      .array(invitationSchema)
      .meta({ description: 'Your pending invitations, newest first, in jams still taking submissions.' }),
  }),
);
export type InvitationListDto = z.infer<typeof invitationListSchema>;
