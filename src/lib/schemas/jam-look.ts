/** A host's own look (issue 57, ADR 049): the accent colour and the banner picture of a jam's create and update. */
import { z } from 'zod';
import { GRAPHICS_CONTRAST, HEX_COLOUR, checkAccent } from '#lib/jam-colours';
import { httpUrlSchema } from './common';

export const ACCENT_FORMAT_MESSAGE = 'accentColor must be a colour like #2e7d32.';
/** The refusal of a colour that fails in a scheme, naming the nearest one that passes (ADR 049). */
export const accentRefusedMessage = (check: { worst: { scheme: string; ratio: number }; suggestion: string | null }) =>
  `This colour is hard to see in the ${check.worst.scheme} colour scheme (contrast ${check.worst.ratio}:1, at least ${GRAPHICS_CONTRAST}:1 needed). The nearest colour that passes is ${check.suggestion}.`;
/** A host's accent colour: `#rrggbb` that passes WCAG AA in the light, dark and flame schemes; '' or null: none. */
export const accentColorSchema = z
  .string({ error: ACCENT_FORMAT_MESSAGE })
  .trim()
  .nullable()
  .transform((value, ctx) => {
    if (!value) return null;
    if (!HEX_COLOUR.test(value)) {
      ctx.addIssue({ code: 'custom', message: ACCENT_FORMAT_MESSAGE, input: value });
      return z.NEVER;
    }
    const check = checkAccent(value);
    if (!check.ok) ctx.addIssue({ code: 'custom', message: accentRefusedMessage(check), input: value });
    return value.toLowerCase();
  });
/** A banner picture: a web address, as the cover's (`imageUrl`); '' or null: none. */
export const bannerUrlSchema = z.union([httpUrlSchema, z.literal('').transform(() => null), z.null()]);
