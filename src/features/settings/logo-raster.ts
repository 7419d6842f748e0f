/**
 * SVG logos are drawn into a PNG in the browser before upload (docs/decisions/0008): an SVG can
 * carry scripts and links, a PNG cannot, so no uploaded file is ever a script-bearing document.
 * The SVG is loaded as an image, which never runs its scripts nor fetches anything it names.
 */

/** The longer side of the PNG an SVG logo becomes, in pixels. */
export const LOGO_RASTER_SIDE = 512;

/** Width and height of an SVG when neither its attributes nor its viewBox give them. */
const DEFAULT_SIZE = { width: 300, height: 150 };

/** A length in user units: a plain number or pixels; anything else (%, em, cm) is unknown. */
function userUnits(value: string | null | undefined): number | null {
  const m = /^\s*([0-9]*\.?[0-9]+)(px)?\s*$/.exec(value ?? '');
  const n = m ? Number(m[1]) : NaN;
  return Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * The pixel size to draw an SVG at, from its root's `width`, `height` and `viewBox`: their aspect
 * ratio, the longer side `side` pixels. Pure.
 */
export function svgRasterSize(
  root: {
    readonly width?: string | null;
    readonly height?: string | null;
    readonly viewBox?: string | null;
  },
  side: number = LOGO_RASTER_SIDE,
): { width: number; height: number } {
  let w = userUnits(root.width);
  let h = userUnits(root.height);
  const box = (root.viewBox ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const bw = box[2] ?? NaN;
  const bh = box[3] ?? NaN;
  if (box.length === 4 && box.every(Number.isFinite) && bw > 0 && bh > 0) {
    if (w === null && h === null) {
      w = bw;
      h = bh;
    } else if (w === null && h !== null) w = (h * bw) / bh;
    else if (h === null && w !== null) h = (w * bh) / bw;
  }
  w ??= DEFAULT_SIZE.width;
  h ??= DEFAULT_SIZE.height;
  const scale = side / Math.max(w, h);
  return {
    width: Math.max(1, Math.round(w * scale)),
    height: Math.max(1, Math.round(h * scale)),
  };
}

/**
 * The SVG drawn into a PNG (browser only). Throws when the text is not an SVG or cannot be drawn;
 * the caller shows the logo message.
 */
export async function svgToPng(svgText: string): Promise<Uint8Array> {
  const doc = new DOMParser().parseFromString(svgText, 'image/svg+xml');
  const root = doc.documentElement;
  if (root.nodeName !== 'svg' || doc.getElementsByTagName('parsererror').length > 0) {
    throw new Error('not an SVG');
  }
  const size = svgRasterSize({
    width: root.getAttribute('width'),
    height: root.getAttribute('height'),
    viewBox: root.getAttribute('viewBox'),
  });
  // Explicit pixel size (and a viewBox to scale into it), which every browser needs to draw an
  // SVG image onto a canvas.
  if (!root.hasAttribute('viewBox')) {
    const w = userUnits(root.getAttribute('width'));
    const h = userUnits(root.getAttribute('height'));
    if (w !== null && h !== null) root.setAttribute('viewBox', `0 0 ${w} ${h}`);
  }
  root.setAttribute('width', String(size.width));
  root.setAttribute('height', String(size.height));
  const text = new XMLSerializer().serializeToString(doc);
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.drawImage(img, 0, 0, size.width, size.height);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!png) throw new Error('the SVG could not be drawn');
    return new Uint8Array(await png.arrayBuffer());
  } finally {
    URL.revokeObjectURL(url);
  }
}
