import { z } from 'zod';
import { named } from './common';
import { JAM_BODY_MAX } from './jams';

export const markdownPreviewSchema = z.object({ markdown: z.string().max(JAM_BODY_MAX) });

export const markdownHtmlSchema = named('MarkdownPreview', z.object({ html: z.string() }));
