import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/test/getUserOrgData: the last menu, organisation and type button. */
export const fetchUserOrgData = () => apiGet('/api/test/getUserOrgData');
