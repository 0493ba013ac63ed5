import type { APIContext } from 'astro';
import { entryIdSchema } from '../../../../../../lib/schemas/entries';
import { requireUser } from '../../../../../../server/auth';
import { endpoint } from '../../../../../../server/endpoint';
import { rateLimited } from '../../../../../../server/rate-limit';
import type { SessionUser } from '../../../../../../server/session';
import { castVote, takeBackVote, voteLimiter } from '../../../../../../server/votes';

type VoteChange = (user: SessionUser, slug: string, entryId: number) => Promise<unknown>;

/** Casting and taking back share one per-user rate limit. */
const changeVote = (change: VoteChange) =>
  endpoint(async (ctx: APIContext) => {
    const user = await requireUser(ctx);
    const limited = rateLimited(voteLimiter, `user:${user.id}`, 'votes');
    if (limited) return limited;
    return change(user, ctx.params.slug!, entryIdSchema.parse(ctx.params.id));
  });

export const PUT = changeVote(castVote);
export const DELETE = changeVote(takeBackVote);
