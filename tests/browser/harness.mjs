// Launches Debian's Chromium headless through playwright-core, serving dist/
// on a free local port.
import { chromium } from 'playwright-core';
import { serve } from '../../scripts/serve.mjs';

export async function launch(dist) {
  const server = await serve(dist, 0);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
    // Playwright gives each launch a fresh, empty profile directory.
  });
  return {
    base,
    browser,
    async close() {
      await browser.close();
      server.close();
    },
  };
}

/** A new page that records console errors, failed requests and requests to other hosts. */
export async function openPage(env, url, { viewport = { width: 1280, height: 900 }, colorScheme = 'light' } = {}) {
  const context = await env.browser.newContext({ viewport, colorScheme });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('request', (req) => {
    const u = new URL(req.url());
    if (!['127.0.0.1', 'localhost'].includes(u.hostname) && !['data:', 'blob:'].includes(u.protocol)) {
      problems.push(`request to another host: ${req.url()}`);
    }
  });
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()}`));
  await page.goto(env.base + url);
  return { page, context, problems };
}
