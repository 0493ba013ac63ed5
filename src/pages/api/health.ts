import { checkDatabase } from '../../server/health';
import { endpoint } from '../../server/endpoint';

export const GET = endpoint(() => checkDatabase());
