import { chromium } from 'playwright';
const [token, ...ids] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1280, height: 1400 } });
await page.goto('http://localhost:3999/');
await page.evaluate((t) => { localStorage.setItem('accessToken', t); localStorage.setItem('refreshToken', t); }, token);
for (const id of ids) {
  await page.goto(`http://localhost:3999/a/${id}`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shot-${id}.png`, fullPage: false });
}
await browser.close();
