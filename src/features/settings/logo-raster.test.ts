/**
 * SVG logos become PNGs before upload: the size they are drawn at (pure), and, in Chromium, that
 * the PNG is drawn and that nothing in the SVG runs.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { LOGO_RASTER_SIDE, svgRasterSize } from '@/features/settings/logo-raster';

describe('svgRasterSize', () => {
  it('keeps the aspect ratio of width and height, the longer side LOGO_RASTER_SIDE', () => {
    expect(svgRasterSize({ width: '200', height: '100px' })).toEqual({
      width: LOGO_RASTER_SIDE,
      height: LOGO_RASTER_SIDE / 2,
    });
    expect(svgRasterSize({ width: '10', height: '40' }, 100)).toEqual({ width: 25, height: 100 });
  });

  it('takes the viewBox when width or height is missing or not in pixels', () => {
    expect(svgRasterSize({ viewBox: '0 0 50 100' }, 100)).toEqual({ width: 50, height: 100 });
    expect(svgRasterSize({ width: '100%', viewBox: '0,0,30,10' }, 300)).toEqual({
      width: 300,
      height: 100,
    });
    expect(svgRasterSize({ width: '60', viewBox: '0 0 30 10' }, 60)).toEqual({
      width: 60,
      height: 20,
    });
  });

  it('falls back to 300 × 150 without usable sizes', () => {
    expect(svgRasterSize({}, 300)).toEqual({ width: 300, height: 150 });
    expect(svgRasterSize({ width: '-5', height: 'abc', viewBox: '0 0 0 0' }, 300)).toEqual({
      width: 300,
      height: 150,
    });
  });
});

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

describe.runIf(existsSync(CHROMIUM))('svgToPng in Chromium', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // The module as the browser runs it: bundled, exposed as `logoRaster`.
    const bundled = await build({
      entryPoints: [fileURLToPath(new URL('./logo-raster.ts', import.meta.url))],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'logoRaster',
      target: 'es2022',
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ content: bundled.outputFiles[0]?.text ?? '' });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** Rasterises in the page; returns the PNG's size and the colour of its centre pixel. */
  async function rasterise(svg: string) {
    return page.evaluate(async (text) => {
      const raster = (
        window as unknown as {
          logoRaster: { svgToPng: (t: string) => Promise<Uint8Array<ArrayBuffer>> };
        }
      ).logoRaster;
      const png = await raster.svgToPng(text);
      const img = new Image();
      img.src = URL.createObjectURL(new Blob([png], { type: 'image/png' }));
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no canvas');
      ctx.drawImage(img, 0, 0);
      const centre = ctx.getImageData(img.naturalWidth / 2, img.naturalHeight / 2, 1, 1).data;
      return {
        signature: Array.from(png.slice(0, 8)),
        width: img.naturalWidth,
        height: img.naturalHeight,
        centre: Array.from(centre),
      };
    }, svg);
  }

  it('draws the SVG into a PNG of the raster size', async () => {
    const out = await rasterise(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">' +
        '<rect width="200" height="100" fill="#ff0000"/></svg>',
    );
    expect(out.signature).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect([out.width, out.height]).toEqual([LOGO_RASTER_SIDE, LOGO_RASTER_SIDE / 2]);
    expect(out.centre).toEqual([255, 0, 0, 255]);
  });

  it('an SVG with only a viewBox is drawn too', async () => {
    const out = await rasterise(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">' +
        '<rect width="10" height="10" fill="#0000ff"/></svg>',
    );
    expect([out.width, out.height]).toEqual([LOGO_RASTER_SIDE, LOGO_RASTER_SIDE]);
    expect(out.centre).toEqual([0, 0, 255, 255]);
  });

  it('never runs what the SVG carries (script, event handlers, links)', async () => {
    await page.evaluate(() => {
      (window as unknown as { ran: string[] }).ran = [];
    });
    const out = await rasterise(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ' +
        'width="20" height="20" onload="window.ran.push(\'onload\')">' +
        "<script>window.ran.push('script')</script>" +
        '<rect width="20" height="20" fill="#00ff00" onmouseover="window.ran.push(\'over\')"/>' +
        '<image xlink:href="http://127.0.0.1:9/x.png" width="1" height="1"/></svg>',
    );
    expect(out.centre).toEqual([0, 255, 0, 255]);
    expect(await page.evaluate(() => (window as unknown as { ran: string[] }).ran)).toEqual([]);
  });

  it('refuses what is not an SVG', async () => {
    const refused = await page.evaluate(async () => {
      const raster = (
        window as unknown as {
          logoRaster: { svgToPng: (t: string) => Promise<Uint8Array<ArrayBuffer>> };
        }
      ).logoRaster;
      return Promise.all(
        ['<html><body>x</body></html>', 'not xml', '<svg'].map((t) =>
          raster.svgToPng(t).then(
            () => 'drawn',
            () => 'refused',
          ),
        ),
      );
    });
    expect(refused).toEqual(['refused', 'refused', 'refused']);
  });
});
