/** The about page's credits: the code host's contributors, as `/api/contributors` answers them. */
import { z } from 'zod';
import { named } from './common';

export const contributorSchema = z.object({
  name: z.string(),
  avatarUrl: z.string(),
  profileUrl: z.string(),
  contributions: z.int(),
});
export type Contributor = z.infer<typeof contributorSchema>;
export const contributorListSchema = named('ContributorList', z.object({ contributors: z.array(contributorSchema) }));
