// npm run auto-login-link -- <email> [baseUrl]: prints a signed sign-in link valid today.
import { loadConfig } from '../config.ts';
import { autoLoginKey, signAutoLogin } from '../modules/auth/auto-login.service.ts';

const config = loadConfig();
const [email, base = `http://localhost:${config.port}`] = process.argv.slice(2);
if (!email) {
  console.error('Usage: npm run auto-login-link -- <email> [baseUrl]');
  process.exit(2);
}
const p = signAutoLogin(autoLoginKey(config.dataDir, config.autoLoginSecret), email);
console.log(`${base}/v2/user/login?${new URLSearchParams({ ref: p.ref, email: p.email, sig: p.sig })}`);
