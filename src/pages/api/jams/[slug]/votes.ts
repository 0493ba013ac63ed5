import { requireUser } from '../../../../server/auth';
import { endpoint } from '../../../../server/endpoint';
import { clearVotes } from '../../../../server/jams';

/** Clear all votes of the jam (administrators). */
export const DELETE = endpoint(async (ctx) => clearVotes(await requireUser(ctx), ctx.params.slug!));
