/** The jam version (issue 56, ADR 050): what project.json must look like, and what the API says about an upload. */
import { z } from 'zod';
import { JAM_VERSION_MODES } from '#lib/jam-version';
import { isoDateTime, named } from './common';

export const JAM_VERSION_MESSAGE = 'jamVersion must be off, allowed or required';

/** The jam's settings (ADR 050): whether entries carry a jam version, and whether judging plays it. */
export const jamVersionSettings = {
  jamVersion: z.enum(JAM_VERSION_MODES, { error: JAM_VERSION_MESSAGE }).default('off'),
  judgeJamVersion: z.boolean({ error: 'judgeJamVersion must be true or false' }).default(false),
};

/** The same settings in a jam's update: left out, no change. */
export const jamVersionUpdates = {
  jamVersion: jamVersionSettings.jamVersion.unwrap().optional(),
  judgeJamVersion: jamVersionSettings.judgeJamVersion.unwrap().optional(),
};

/** The same settings in the jam's answer. */
export const jamVersionDtoFields = {
  jamVersion: z.enum(JAM_VERSION_MODES).meta({
    description:
      'The jam version (ADR 050): `off`, `allowed` or `required`: whether entries’ makers upload the `.sb3` as the game stood at the deadline.',
  }),
  judgeJamVersion: z.boolean().meta({
    description:
      'Voters and judges play the jam version: opening its player is the play that the play queue and `playBeforeVote` count.',
  }),
};

/** A costume or sound: its file in the zip is `md5ext` (or `assetId.dataFormat` in older saves). */
const assetSchema = z.looseObject({
  name: z.string({ error: 'every costume and sound needs a name' }),
  assetId: z.string().regex(/^[0-9a-f]{32}$/, 'an asset id must be 32 hexadecimal digits'),
  dataFormat: z.string().regex(/^[a-z0-9]{2,4}$/, 'an asset needs its file format (svg, png, wav, mp3…)'),
  md5ext: z.string().optional(),
});

const blockSchema = z.union([
  z.looseObject({ opcode: z.string({ error: 'every block needs an opcode' }) }),
  // A variable or list reporter dropped loose on the workspace: [12, name, id, x, y].
  z.array(z.unknown()),
]);

const targetSchema = z.looseObject({
  isStage: z.boolean({ error: 'every sprite says whether it is the stage (isStage)' }),
  name: z.string({ error: 'every sprite needs a name' }),
  costumes: z.array(assetSchema).min(1, 'every sprite and the stage need at least one costume'),
  sounds: z.array(assetSchema),
  blocks: z.record(z.string(), blockSchema),
  variables: z.record(z.string(), z.unknown()).optional(),
  lists: z.record(z.string(), z.unknown()).optional(),
});

/**
 * project.json of a Scratch 3 project, as far as the site checks it: the texts inside (names,
 * comments, list contents) are left as they are; only the structure is checked.
 */
export const sb3ProjectSchema = z.looseObject({
  targets: z
    .array(targetSchema, { error: 'project.json has no sprites (targets)' })
    .min(1, 'project.json has no sprites (targets)')
    .refine((targets) => targets.filter((target) => target.isStage).length === 1, 'project.json must have exactly one stage'),
  extensions: z.array(z.string(), { error: 'project.json must list its extensions' }).default([]),
  meta: z.looseObject({
    semver: z.string().regex(/^3\./, 'only Scratch 3 projects (.sb3) can be uploaded'),
  }),
});
export type Sb3Project = z.output<typeof sb3ProjectSchema>;

/** An entry's jam version, as the entry page and the API show it. */
export const jamVersionSchema = named(
  'JamVersion',
  z.object({
    entryId: z.int(),
    uploadedAt: isoDateTime,
    uploadedBy: z.string().nullable().meta({ description: 'Who uploaded it (null: their account is gone).' }),
    size: z.int().meta({ description: 'The stored `.sb3` in bytes.' }),
    sha256: z.string().meta({ description: 'The SHA-256 of the stored `.sb3`: its name in the file store.' }),
    fileUrl: z.string().meta({ description: 'Where the `.sb3` is downloaded (the player reads it there).' }),
    scratchChangedAfterDeadline: z.boolean().nullable().meta({
      description:
        'Whether the project on Scratch changed after the deadline, from its history as last read (null: not read since the deadline).',
    }),
    frozen: z
      .boolean()
      .meta({ description: 'The deadline (or the uploader’s late window) has passed: it can no longer be replaced.' }),
  }),
);
export type JamVersionDto = z.infer<typeof jamVersionSchema>;
