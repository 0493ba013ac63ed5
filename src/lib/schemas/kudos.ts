import { z } from 'zod';
import { FEEDBACK_MODES, KUDOS_STICKERS } from '#lib/feedback';
import { named } from './common';

export const kudosStickerSchema = z.enum(KUDOS_STICKERS, {
  error: `Not a kudos sticker. The stickers are ${KUDOS_STICKERS.join(', ')}.`,
});

export const kudosSchema = named(
  'Kudos',
  z.object({
    feedback: z.enum(FEEDBACK_MODES).meta({ description: "The jam's feedback setting: kudos can be given unless it is `off`." }),
    total: z.int().meta({ description: 'How many stickers the entry got, all kinds together.' }),
    counts: z
      .record(z.enum(KUDOS_STICKERS), z.int())
      .meta({ description: 'How many people gave each sticker (every sticker is listed, 0 when nobody gave it).' }),
    mine: z
      .array(z.enum(KUDOS_STICKERS))
      .nullable()
      .meta({ description: 'The stickers you gave this entry; null when you are not logged in.' }),
    own: z.boolean().meta({ description: 'The entry is yours: you see its kudos but cannot give any.' }),
  }),
);
export type KudosDto = z.infer<typeof kudosSchema>;
