// What a first load sends and draws, read from the browser in plain (unthrottled) loads: figures
// that depend on the build and the server's answers, never on how fast the machine is at the moment.
//   - script and CSS bytes: compressed bodies (encodedBodySize) of every .js and .css the page asked
//     for before it was idle (the `kartu:app-ready` mark), and what it fetched once idle;
//   - requests before the largest paint: the document, every render-blocking request, and the
//     largest paint's own image when it is one;
//   - the largest paint's image is named in the first HTML the server sent;
//   - the largest paint is drawn by the server: with JavaScript off, the same element is there,
//     showing the same picture or text.

/* global document, HTMLImageElement -- readLoad and readDrawn run in the page, not in Node */

/** Waits for the page's network to be quiet, so files fetched once it is idle are counted too. */
async function settle(page) {
  await page.waitForSelector('html[data-app-ready]', { timeout: 30_000 });
  await page.waitForNetworkIdle({ idleTime: 500, timeout: 30_000 });
}

/** In the page: the resources it loaded, split at the ready mark, and its largest paint. */
function readLoad() {
  return new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      const lcp = entries[entries.length - 1];
      const element = lcp?.element ?? null;
      // A CSS path from <html> down to the element, to find it again in a load without scripts.
      const path = [];
      for (let node = element; node && node !== document.documentElement; node = node.parentElement) {
        path.unshift(`${node.tagName.toLowerCase()}:nth-child(${[...node.parentElement.children].indexOf(node) + 1})`);
      }
      const ready = performance.getEntriesByName('kartu:app-ready')[0]?.startTime ?? null;
      const resources = performance.getEntriesByType('resource').map((entry) => ({
        path: new URL(entry.name).pathname,
        startTime: entry.startTime,
        bytes: entry.encodedBodySize,
        blocking: entry.renderBlockingStatus === 'blocking',
      }));
      resolve({
        ready,
        resources,
        lcp: lcp ? { selector: ['html', ...path].join(' > '), url: lcp.url ? new URL(lcp.url).pathname : null, text: element?.textContent?.trim() ?? '' } : null,
      });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** In a page without scripts: what the element at `selector` shows. */
function readDrawn(selector) {
  const element = document.querySelector(selector);
  if (!element) return null;
  const source = element instanceof HTMLImageElement ? element.currentSrc || element.src : null;
  return { url: source ? new URL(source).pathname : null, text: element.textContent?.trim() ?? '' };
}

const kb = (bytes) => bytes / 1024;

/**
 * The facts of one page's first load. `prepare(page)` readies a fresh page (a member's session,
 * say) before it is opened; both loads start with an empty HTTP cache.
 */
export async function firstLoadFacts(browser, url, prepare) {
  const page = await browser.newPage();
  await prepare(page);
  await page.setCacheEnabled(false);
  const response = await page.goto(url, { waitUntil: 'load' });
  if (!response || !response.ok()) throw new Error(`${url} answered ${response?.status()}`);
  const firstHtml = await response.text();
  await settle(page);
  const load = await page.evaluate(readLoad);
  await page.close();
  if (load.ready === null) throw new Error(`${url} never marked itself ready (kartu:app-ready): the app did not run its page`);
  if (!load.lcp) throw new Error(`${url} reported no largest contentful paint`);

  const sum = (filter) => kb(load.resources.filter(filter).reduce((total, resource) => total + resource.bytes, 0));
  const beforeIdle = (resource) => resource.startTime <= load.ready;
  const isScript = (resource) => /\.m?js$/.test(resource.path);
  const isStyle = (resource) => resource.path.endsWith('.css');
  const blocking = load.resources.filter((resource) => resource.blocking).map((resource) => resource.path);
  const lcpRequest = load.lcp.url && !blocking.includes(load.lcp.url) ? [load.lcp.url] : [];

  const still = await browser.newPage();
  await prepare(still);
  await still.setCacheEnabled(false);
  await still.setJavaScriptEnabled(false);
  await still.goto(url, { waitUntil: 'load' });
  const drawn = await still.evaluate(readDrawn, load.lcp.selector);
  await still.close();

  return {
    scriptKb: sum((resource) => isScript(resource) && beforeIdle(resource)),
    laterScriptKb: sum((resource) => isScript(resource) && !beforeIdle(resource)),
    cssKb: sum((resource) => isStyle(resource) && beforeIdle(resource)),
    laterCssKb: sum((resource) => isStyle(resource) && !beforeIdle(resource)),
    requestsBeforeLcp: 1 + blocking.length + lcpRequest.length,
    beforeLcp: [new URL(url).pathname, ...blocking, ...lcpRequest],
    lcp: load.lcp,
    lcpImageInFirstHtml: load.lcp.url === null || firstHtml.includes(load.lcp.url),
    drawnByServer: drawn !== null && drawn.url === load.lcp.url && drawn.text === load.lcp.text,
  };
}
