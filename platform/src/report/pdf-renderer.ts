import { pathToFileURL } from 'node:url';
import pLimit from 'p-limit';
import type { Browser, Page } from 'playwright-core';
import type { Language } from '@turnproof/config/languages';
import { CHROMIUM_PATH, chromiumLaunchOptions, UNSANDBOXED_WARNING } from './chromium-launch.ts';
import { PdfPrintError, pdfProblem } from './pdf-problem.ts';
import { REPORT_TEXTS } from './report-texts.ts';

export interface PdfRendererOptions {
  /** Chromium to drive; defaults to $CHROMIUM_PATH, then /usr/bin/chromium. */
  executablePath?: string;
  /**
   * Pages printed at once; later renders wait their turn. One Chromium on a small machine times out
   * when a burst of completed runs (a worker has 100 activity slots) all print together.
   */
  concurrency?: number;
  /** Where the one warning of a launch without the sandbox goes; stderr by default. */
  warn?: (line: string) => void;
}

let unsandboxedSaid = false;

export interface PdfRenderer {
  /**
   * Prints a self-contained HTML document to an A4 PDF with page numbers ('Page 1 of 3' in `language`,
   * English by default); fails with a {@link PdfPrintError}.
   */
  render(html: string, language?: Language): Promise<Buffer>;
  /**
   * Prints a self-contained HTML document from a file: Chromium reads it itself, so a document of hundreds
   * of megabytes (a run's photos as data: URLs) never passes through this process.
   */
  renderFile(htmlFile: string, language?: Language): Promise<Buffer>;
  /** Prints a one-line page: null when that works, else the sentence that says why not. */
  problem(): Promise<string | null>;
  /** Waits for renders under way, then closes the browser. */
  close(): Promise<void>;
}

/** Chromium prints the footer apart from the document, so its words come with the print, not the HTML. */
function footerTemplate(language: Language): string {
  const { page, of } = REPORT_TEXTS[language].pageOf;
  return `<div style="width: 100%; margin: 0 12mm; display: flex; justify-content: space-between;
  font-family: 'Helvetica Neue', Helvetica, Arial, 'Liberation Sans', sans-serif; font-size: 7.5pt; color: #616e7c;">
  <span class="title"></span>
  <span>${page} <span class="pageNumber"></span> ${of} <span class="totalPages"></span></span>
</div>`;
}

/** A print page kept warm between renders, in a browser context of its own. */
interface PrintPage {
  page: Page;
  /** The one URL the page may load now (the document's own file), if any. */
  loads: { allowed?: string };
}

/**
 * One Chromium, launched on the first render and shared by all later ones (a worker prints many reports).
 * Each print page lives in a browser context of its own and is kept warm for the next render (a new
 * context and page cost a render some 100 ms): one render at a time per page, emptied (about:blank)
 * before it is used again; a page whose render failed is closed with its context. A browser that crashed
 * or was closed is launched again on the next render, with new pages.
 */
export function createPdfRenderer(options: PdfRendererOptions = {}): PdfRenderer {
  const executablePath = options.executablePath ?? CHROMIUM_PATH;
  let browser: Promise<Browser> | undefined;
  let closed = false;
  const rendering = new Set<Promise<unknown>>();
  const printing = pLimit(options.concurrency ?? 2);
  /** Warm pages between renders (at most `concurrency`), of the browser they were opened in. */
  let warm: PrintPage[] = [];

  function connectedBrowser(): Promise<Browser> {
    if (browser) return browser;
    // Loaded on the first render: playwright-core adds some 65 MB to every process that imports it, and
    // most API processes never print.
    const launch = chromiumLaunchOptions();
    if (!launch.chromiumSandbox && !unsandboxedSaid) {
      unsandboxedSaid = true;
      (options.warn ?? console.warn)(UNSANDBOXED_WARNING);
    }
    const launching = import('playwright-core').then(({ chromium }) => chromium.launch({ executablePath, ...launch }));
    browser = launching;
    const forget = () => {
      if (browser !== launching) return;
      browser = undefined;
      warm = [];
    };
    launching.then((launched) => launched.on('disconnected', forget), forget);
    return launching;
  }

  async function openPrintPage(): Promise<PrintPage> {
    // The report needs no script; with JavaScript off, nothing in it can run even if escaping failed.
    const context = await (await connectedBrowser()).newContext({ javaScriptEnabled: false });
    const loads: PrintPage['loads'] = {};
    try {
      // Defence in depth behind the document's CSP: the print context reaches no network at all (photos
      // are data: URLs, which are not requests; a document printed from a file loads that file and nothing
      // else), so nothing in a report can call out, probe the inside or read other local files.
      await context.route('**/*', (route) =>
        route.request().url() === loads.allowed ? route.continue() : route.abort('blockedbyclient'),
      );
      return { page: await context.newPage(), loads };
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }

  /** `allowed`: the one URL the page may load (the document's own file); every other request is aborted. */
  async function printPdf(
    load: (page: Page) => Promise<unknown>,
    language: Language,
    allowed?: string,
  ): Promise<Buffer> {
    const printPage = warm.pop() ?? (await openPrintPage());
    const { page } = printPage;
    let pdf: Buffer;
    try {
      printPage.loads.allowed = allowed;
      await load(page);
      pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        margin: { top: '12mm', right: '12mm', bottom: '16mm', left: '12mm' },
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate: footerTemplate(language),
      });
      printPage.loads.allowed = undefined;
      // The document (hundreds of megabytes with a large run's photos) leaves the page before it waits.
      await page.goto('about:blank');
    } catch (error) {
      // A context that fails to close (the browser died) must not hide the error that matters.
      await page
        .context()
        .close()
        .catch(() => undefined);
      throw error;
    }
    if (!closed && page.context().browser()?.isConnected()) warm.push(printPage);
    else
      await page
        .context()
        .close()
        .catch(() => undefined);
    return pdf;
  }

  async function print(
    load: (page: Page) => Promise<unknown>,
    language: Language = 'en',
    allowed?: string,
  ): Promise<Buffer> {
    if (closed) throw new Error('The PDF renderer is closed');
    const pdf = printing(() => printPdf(load, language, allowed));
    rendering.add(pdf);
    try {
      return await pdf;
    } catch (error) {
      throw new PdfPrintError(pdfProblem(error, executablePath), { cause: error });
    } finally {
      rendering.delete(pdf);
    }
  }

  const render = (html: string, language?: Language) =>
    print((page) => page.setContent(html, { waitUntil: 'load' }), language);

  return {
    render,

    renderFile(htmlFile, language) {
      const url = pathToFileURL(htmlFile).href;
      return print((page) => page.goto(url, { waitUntil: 'load' }), language, url);
    },

    async problem() {
      try {
        await render('<!doctype html><title>check</title><p>Turnproof can print.</p>');
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },

    async close() {
      closed = true;
      await Promise.allSettled(rendering);
      await Promise.allSettled(warm.map(({ page }) => page.context().close()));
      warm = [];
      const launched = await browser?.catch(() => undefined);
      browser = undefined;
      await launched?.close();
    },
  };
}
