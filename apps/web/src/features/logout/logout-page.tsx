import { useEffect } from 'react';
import { useNavigate } from '../../lib/router.tsx';
import { apiGet } from '../../lib/api-client.ts';
import { getCookie } from '../../lib/cookies.ts';
import { clearLogin } from '../../lib/session.ts';

/** /v2/user/logout: ends the session on the server, clears the client, goes to login. Shows nothing. */
export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearLogin('logout');
      navigate('/v2/user/login', { replace: true });
    };
    if (getCookie('token')) apiGet('/api/login/logout').then(finish, finish);
    else finish();
  }, [navigate]);
  return null;
}
