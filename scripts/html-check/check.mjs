// Loads HTML reports in Debian's chromium (driven by puppeteer-core, no browser download) and
// checks what issue 16 section 3 asks of cryptobench's HTML report:
//   load       the file loads from file:// (HTTP-less, so no status; a navigation error fails);
//   console    no console message of type error and no uncaught page error (exception);
//   requests   no request to anything but the file itself: the report is self-contained
//              (data: and blob: URLs are made from the file's own bytes and are allowed);
//              every other request is aborted, so the check never touches the network;
//   width      document scrollWidth <= 1280 CSS px at a 1280x800 viewport, in the light and in
//              the dark colour scheme (prefers-color-scheme emulated), i.e. no horizontal scroll;
//   svg        every chart (an <svg> not inside another <svg>) has a <title> child with text
//              (SVG 2, section 5.9: the title child is the element's accessible name) and a
//              rendered box of non-zero width and height, in both schemes.
// It saves a full-page PNG screenshot per report and scheme into the output directory and prints
// one line per report and check: "PASS|FAIL  REPORT  CHECK: detail". Exit 0 when every check
// passes, 1 when one fails, 2 on bad usage.
//
// Usage: node check.mjs [--out DIR] REPORT.html...
//        node check.mjs --self-test [--out DIR] FIXTURE.html...
// --self-test checks the checker itself: a fixture named good*.html must pass every check and
// one named fail-CHECK[-anything].html must fail CHECK (and only CHECK), so each check is shown
// able to fail. Exit 0 when every fixture is judged as its name says.
// Environment: CHROMIUM (default /usr/bin/chromium). --no-sandbox is passed only when running as
// root (chromium refuses to start its sandbox as root).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';

const kViewport = { width: 1280, height: 800 };
const kMaxScrollWidth = 1280;  // CSS px: issue 16, "no horizontal scroll at 1280 px"
const kSchemes = ['light', 'dark'];
const kChecks = ['load', 'console', 'requests', 'width', 'svg'];
const kLoadTimeoutMs = 30000;

// Strings from a page (console text, URLs) go to a terminal: control characters become '?'
// and the text is cut to 160 characters.
function clean(text) {
  const s = String(text).replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return s.length > 160 ? `${s.slice(0, 157)}...` : s;
}

function usage(message) {
  process.stderr.write(`html-check: ${message}\n` +
                       'usage: node check.mjs [--self-test] [--out DIR] REPORT.html...\n');
  process.exit(2);
}

function parseArgs(argv) {
  const options = { selfTest: false, out: 'build/html-check', files: [] };
  for (let i = 0; i < argv.length; ++i) {
    const arg = argv[i];
    if (arg === '--self-test') {
      options.selfTest = true;
    } else if (arg === '--out') {
      if (i + 1 >= argv.length) usage('--out needs a directory');
      options.out = argv[++i];
    } else if (arg.startsWith('-')) {
      usage(`unknown option '${clean(arg)}'`);
    } else {
      options.files.push(arg);
    }
  }
  if (options.files.length === 0) usage('no HTML file given');
  for (const file of options.files) {
    if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      usage(`'${clean(file)}' is not a readable file`);
    }
  }
  return options;
}

// Waits until the page has laid out and painted after a change of media features.
async function settle(page) {
  await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

// What the page looks like in the current scheme: scroll width and the charts that fail.
async function measure(page) {
  return page.evaluate(() => {
    const charts = [...document.querySelectorAll('svg')].filter(
        (svg) => !svg.parentElement || !svg.parentElement.closest('svg'));
    const untitled = [];
    const empty = [];
    charts.forEach((svg, index) => {
      const name = svg.id ? `#${svg.id}` : `svg ${index + 1}`;
      const title = [...svg.children].find((child) => child.localName === 'title');
      if (!title || title.textContent.trim() === '') untitled.push(name);
      const box = svg.getBoundingClientRect();
      if (!(box.width > 0 && box.height > 0)) {
        empty.push(`${name} (${Math.round(box.width)}x${Math.round(box.height)})`);
      }
    });
    // Tables wider than their box scroll inside it (not the page): counted for the report line.
    const scrolling = [...document.querySelectorAll('.table-wrap')].filter(
        (wrap) => wrap.scrollWidth > wrap.clientWidth + 1).length;
    return {
      scrolling,
      scrollWidth: document.documentElement.scrollWidth,
      bodyScrollWidth: document.body ? document.body.scrollWidth : 0,
      charts: charts.length,
      untitled,
      empty,
    };
  });
}

// Checks one report; returns {check: {ok, detail}} for every check in kChecks.
async function checkReport(browser, file, outDir, screenshots) {
  const results = {};
  const fileUrl = pathToFileURL(path.resolve(file)).href;
  const consoleErrors = [];
  const outside = [];
  const page = await browser.newPage();
  try {
    await page.setViewport(kViewport);
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      // Chromium logs "Failed to load resource" for each request aborted below: that request is
      // the requests check's finding already, not a second one.
      const source = message.location()?.url ?? '';
      if (message.text().startsWith('Failed to load resource') && outside.includes(source)) return;
      consoleErrors.push(`console.error: ${message.text()}`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`page error: ${error.message ?? error}`));
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      const url = request.url();
      const own = url.split('#')[0] === fileUrl || url.startsWith('data:') ||
                  url.startsWith('blob:');
      if (own) {
        request.continue();
      } else {
        outside.push(url);
        request.abort('blockedbyclient');
      }
    });

    const started = Date.now();
    try {
      await page.goto(fileUrl, { waitUntil: 'load', timeout: kLoadTimeoutMs });
      results.load = { ok: true, detail: `loaded in ${Date.now() - started} ms` };
    } catch (error) {
      results.load = { ok: false, detail: clean(error.message) };
    }

    const widths = [];
    const svgProblems = [];
    let charts = 0;
    for (const scheme of kSchemes) {
      await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
      await settle(page);
      const m = await measure(page);
      const width = Math.max(m.scrollWidth, m.bodyScrollWidth);
      widths.push({ scheme, width, scrolling: m.scrolling });
      charts = Math.max(charts, m.charts);
      if (m.untitled.length > 0) svgProblems.push(`${scheme}: no <title> in ${m.untitled.join(', ')}`);
      if (m.empty.length > 0) svgProblems.push(`${scheme}: zero size ${m.empty.join(', ')}`);
      if (screenshots) {
        const base = path.basename(file).replace(/\.html?$/i, '');
        const png = path.join(outDir, `${base}-${scheme}.png`);
        await page.screenshot({ path: png, fullPage: true });
      }
    }
    const wide = widths.filter((w) => w.width > kMaxScrollWidth);
    results.width = {
      ok: wide.length === 0,
      detail: widths.map((w) => `${w.scheme} ${w.width} px` +
                                (w.scrolling ? ` (${w.scrolling} table(s) scroll in their box)` : ''))
                  .join(', ') +
                  (wide.length ? ` (over ${kMaxScrollWidth} px at a ${kViewport.width} px viewport)`
                               : ` (<= ${kMaxScrollWidth})`),
    };
    results.svg = {
      ok: svgProblems.length === 0,
      detail: svgProblems.length ? clean(svgProblems.join('; '))
                                 : `${charts} chart(s), each titled and rendered in both schemes`,
    };
  } finally {
    await page.close();
  }
  results.console = {
    ok: consoleErrors.length === 0,
    detail: consoleErrors.length ? `${consoleErrors.length}: ${clean(consoleErrors[0])}` : 'no errors',
  };
  results.requests = {
    ok: outside.length === 0,
    detail: outside.length ? `${outside.length} outside the file, first ${clean(outside[0])}`
                           : 'none outside the file',
  };
  return results;
}

// The check a self-test fixture must fail ('' for one that must pass), from its name.
function expectedFailure(file) {
  const name = path.basename(file);
  if (/^good.*\.html$/.test(name)) return '';
  const match = /^fail-([a-z]+)(-[^.]*)?\.html$/.exec(name);
  if (!match || !kChecks.includes(match[1])) {
    usage(`self-test fixture '${clean(name)}' is named neither good*.html nor ` +
          `fail-CHECK[-x].html with CHECK one of ${kChecks.join(', ')}`);
  }
  return match[1];
}

// puppeteer-core's version, from its package.json (its exports do not include that file).
function puppeteerVersion() {
  try {
    const entry = fileURLToPath(import.meta.resolve('puppeteer-core'));
    let dir = path.dirname(entry);
    while (!fs.existsSync(path.join(dir, 'package.json')) ||
           JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name !==
               'puppeteer-core') {
      const parent = path.dirname(dir);
      if (parent === dir) return '?';
      dir = parent;
    }
    return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).version;
  } catch {
    return '?';
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const expected = options.selfTest ? options.files.map(expectedFailure) : [];
  fs.mkdirSync(options.out, { recursive: true });
  const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
  const args = process.getuid && process.getuid() === 0 ? ['--no-sandbox'] : [];
  const browser = await puppeteer.launch({ executablePath, headless: true, args });
  let failed = 0;
  try {
    process.stdout.write(`html-check: ${clean(await browser.version())}, puppeteer-core ` +
                         `${puppeteerVersion()}, node ${process.versions.node}, viewport ` +
                         `${kViewport.width}x${kViewport.height}, schemes ` +
                         `${kSchemes.join(' and ')}\n`);
    for (const [index, file] of options.files.entries()) {
      const results = await checkReport(browser, file, options.out, !options.selfTest);
      const shown = clean(file);
      if (!options.selfTest) {
        for (const check of kChecks) {
          const r = results[check];
          if (!r.ok) ++failed;
          process.stdout.write(`${r.ok ? 'PASS' : 'FAIL'}  ${shown}  ${check}: ${r.detail}\n`);
        }
        continue;
      }
      // Self-test: the fixture must fail exactly the check its name gives.
      const wrong = kChecks.filter((check) => results[check].ok === (check === expected[index]));
      if (wrong.length > 0) ++failed;
      const want = expected[index] ? `must fail ${expected[index]} only` : 'must pass every check';
      const how = wrong.length > 0
                      ? `but ${wrong.map((c) => `${c} ${results[c].ok ? 'passed' : 'failed'}: ` +
                                                 results[c].detail).join('; ')}`
                      : expected[index] ? results[expected[index]].detail : 'and does';
      process.stdout.write(`${wrong.length ? 'FAIL' : 'PASS'}  ${shown}  ${want}, ${how}\n`);
    }
  } finally {
    await browser.close();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  process.stderr.write(`html-check: error: ${clean(error.stack || error)}\n`);
  process.exit(1);
});
