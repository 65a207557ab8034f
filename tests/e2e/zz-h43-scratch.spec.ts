import { test } from '@playwright/test';

test('scratch: overlap', async ({ page }) => {
  for (const path of ['/app/nxn/login?SMQUERYDATA=x', '/de-DE/app/nxn/login?SMQUERYDATA=x', '/app/cwa/login?SMQUERYDATA=x', '/de-DE/app/cwa/login?SMQUERYDATA=x', '/self-service/nxn/fps', '/de-DE/self-service/nxn/fps-self-change-pw?uid=jdoe']) {
    for (const viewport of [{ width: 320, height: 568 }, { width: 360, height: 740 }, { width: 390, height: 844 }, { width: 768, height: 1024 }, { width: 1280, height: 720 }]) {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await page.waitForLoadState('load');
      const report = await page.evaluate(() => {
        const rect = (e: Element) => e.getBoundingClientRect();
        const obstacles = [...document.querySelectorAll('.support-button, .cookie-bar')].filter((e) => getComputedStyle(e).visibility !== 'hidden' && getComputedStyle(e).display !== 'none').map((e) => ({ name: e.className, r: rect(e) }));
        const out: string[] = obstacles.map((o) => `${o.name} ${Math.round(o.r.top)}-${Math.round(o.r.bottom)} x ${Math.round(o.r.left)}-${Math.round(o.r.right)}`);
        for (const c of document.querySelectorAll('main a[href], main button, main input:not([type=hidden])')) {
          const r = rect(c);
          if (r.width === 0) continue;
          for (const o of obstacles) {
            const w = Math.min(r.right, o.r.right) - Math.max(r.left, o.r.left); const h = Math.min(r.bottom, o.r.bottom) - Math.max(r.top, o.r.top);
            if (w > 0 && h > 0) out.push(`  ${(c.textContent || c.getAttribute('name') || '').trim().slice(0, 30)} under ${o.name}: ${Math.round(100 * w * h / (r.width * r.height))}%`);
          }
        }
        return out.join('\n');
      });
      console.log(`${path} ${viewport.width}x${viewport.height}\n${report}`);
    }
  }
});
