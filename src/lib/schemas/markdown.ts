import { z } from 'zod';
import { JAM_BODY_MAX } from './jams';

export const markdownPreviewSchema = z.object({ markdown: z.string().max(JAM_BODY_MAX) });
