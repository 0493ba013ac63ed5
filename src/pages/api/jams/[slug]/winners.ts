import { endpoint } from '../../../../server/endpoint';
import { readWinners } from '../../../../server/winners';

export const GET = endpoint(({ params }) => readWinners(params.slug!));
