/**
 * Draws the social sharing image (public/og-image.png, 1200×630) from the company constants with
 * headless Chromium. Run again when the name, tagline or figures change: `npm run og-image`.
 */
import { chromium } from '@playwright/test';
import { brandMark } from '../src/config/brand-mark.ts';
import { company } from '../src/config/company.ts';
import { figures } from '../src/config/figures.ts';
import { offices } from '../src/config/offices.ts';
import { chromiumLaunchOptions } from './shared/chromium.ts';

if (process.argv.includes('--help')) {
  console.log('Usage: node scripts/og-image.ts\nWrites public/og-image.png (1200×630) from src/config.');
  process.exit(0);
}

const html = `<!doctype html><html><head><style>
  body{margin:0;width:1200px;height:630px;font-family:system-ui,'DejaVu Sans',sans-serif;color:#fff;
    background:radial-gradient(900px 480px at 90% -10%,rgba(61,110,232,.55),transparent 60%),
      radial-gradient(700px 420px at -10% 110%,rgba(245,158,11,.18),transparent 60%),#0d1a3f;
    display:flex;flex-direction:column;justify-content:space-between;padding:72px 80px;box-sizing:border-box}
  .brand{display:flex;align-items:center;gap:20px;font-size:40px;font-weight:800;letter-spacing:-.5px}
  .brand span{color:#c0d4fb;font-weight:600}
  h1{font-size:68px;line-height:1.08;margin:0;max-width:980px;letter-spacing:-1.5px}
  h1 em{font-style:normal;color:#fcd34d}
  .facts{display:flex;gap:16px;font-size:26px;font-weight:600}
  .facts div{background:rgba(255,255,255,.1);border:1px solid rgba(255,255,255,.25);border-radius:999px;padding:10px 24px}
  .where{font-size:24px;color:#c0d4fb}
</style></head><body>
  <div class="brand"><svg viewBox="${brandMark.viewBox}" width="72" height="72">${brandMark.body}</svg>
    <div>${company.shortName}<span> Technologies</span></div></div>
  <h1>Turning tomorrow's tech into <em>today's business advantage</em></h1>
  <div>
    <div class="facts"><div>${figures.yearsExperience} years</div><div>${figures.projectsDelivered} projects</div><div>${figures.support} support</div></div>
    <p class="where">IT services · Consulting · Outsourcing — ${offices.map((office) => office.country).join(' · ')}</p>
  </div>
</body></html>`;

const browser = await chromium.launch(chromiumLaunchOptions());
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(html);
  await page.screenshot({ path: 'public/og-image.png', type: 'png' });
  console.log('Wrote public/og-image.png');
} finally {
  await browser.close();
}
