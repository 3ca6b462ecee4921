import type { BackgroundScene, Rgb } from './edit-intents';
import { seededRandom } from './seeded-random';

/**
 * ADR 0024: the backgrounds the local engine draws behind a subject, as SVG (rendered by sharp's
 * librsvg at a working size, then scaled to the photo). Plain TypeScript: shapes, gradients and a
 * seeded PRNG, no pictures from elsewhere. The seed moves the details (the sun, clouds, a palm,
 * stars, the moon, the buildings and their lit windows, mountains, trees and snowflakes), so
 * Regenerate draws another beach; the same seed draws the same one.
 */

const hex = ([r, g, b]: Rgb) => `#${[r, g, b].map((c) => Math.round(Math.max(0, Math.min(255, c))).toString(16).padStart(2, '0')).join('')}`;
const n = (v: number) => Math.round(v * 10) / 10;

/** The SVG of a scene, `width` x `height` user units and pixels. */
export function sceneSvg(scene: BackgroundScene, width: number, height: number, seed: number): string {
  const rand = seededRandom((seed ^ 0xb5c3a1) >>> 0);
  const body = (() => {
    switch (scene.kind) {
      case 'beach':
        return scene.time === 'sunset' ? beachAtSunset(width, height, rand) : beachByDay(width, height, rand);
      case 'snow':
        return snowyLandscape(width, height, rand);
      case 'city-night':
        return cityAtNight(width, height, rand);
      case 'colour':
        return `<rect width="${width}" height="${height}" fill="${hex(scene.colour)}"/>`;
      case 'gradient':
        return gradient(width, height, scene.from, scene.to, rand);
    }
  })();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** A gradient from top to bottom, turned up to ±15° by the seed. */
function gradient(w: number, h: number, from: Rgb, to: Rgb, rand: () => number): string {
  const angle = ((rand() - 0.5) * 30 * Math.PI) / 180;
  const dx = Math.sin(angle) / 2;
  const dy = Math.cos(angle) / 2;
  return (
    `<defs><linearGradient id="g" x1="${n(0.5 - dx)}" y1="${n(0.5 - dy)}" x2="${n(0.5 + dx)}" y2="${n(0.5 + dy)}">` +
    `<stop offset="0" stop-color="${hex(from)}"/><stop offset="1" stop-color="${hex(to)}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`
  );
}

/** A wavy line across the picture at height y (amplitude a), as path commands from the left edge to the right. */
function wavyEdge(w: number, y: number, a: number, rand: () => number, waves = 4): string {
  const step = w / waves;
  let d = `M0,${n(y + (rand() - 0.5) * a)}`;
  for (let i = 1; i <= waves; i++) {
    const cx = (i - 0.5) * step;
    d += ` Q${n(cx)},${n(y + (rand() - 0.5) * 2 * a)} ${n(i * step)},${n(y + (rand() - 0.5) * a)}`;
  }
  return d;
}

/** A palm tree's silhouette leaning from its foot at (x, ground). */
function palm(x: number, ground: number, size: number, lean: number, colour: string, rand: () => number): string {
  const topX = x + lean * size * 0.35;
  const topY = ground - size;
  const trunk = `<path d="M${n(x - size * 0.025)},${n(ground)} Q${n(x + lean * size * 0.05)},${n(ground - size * 0.55)} ${n(topX)},${n(topY)} L${n(topX + size * 0.02)},${n(topY + size * 0.01)} Q${n(x + lean * size * 0.09)},${n(ground - size * 0.5)} ${n(x + size * 0.025)},${n(ground)} Z" fill="${colour}"/>`;
  let fronds = '';
  const count = 6 + Math.floor(rand() * 3);
  for (let i = 0; i < count; i++) {
    const a = Math.PI * (1.05 + (i / (count - 1)) * 0.9) + (rand() - 0.5) * 0.25;
    const len = size * (0.33 + rand() * 0.12);
    const ex = topX + Math.cos(a) * len;
    const ey = topY + Math.sin(a) * len * 0.55 + len * 0.35;
    const mx = topX + Math.cos(a) * len * 0.5;
    const my = topY + Math.sin(a) * len * 0.5 - len * 0.08;
    const wdt = size * 0.035;
    fronds += `<path d="M${n(topX)},${n(topY)} Q${n(mx)},${n(my - wdt)} ${n(ex)},${n(ey)} Q${n(mx)},${n(my + wdt)} ${n(topX)},${n(topY)} Z" fill="${colour}"/>`;
  }
  return trunk + fronds;
}

/**
 * A beach's end from the shore down: the sand (the scene's `sand` gradient) below a wavy shoreline,
 * its foam line (`foam.width` of the height), and, seven times in ten, a palm on one side.
 */
function sandAndPalm(w: number, h: number, shore: number, foam: { colour: string; opacity: number; width: number }, palmColour: string, rand: () => number): string {
  const edge = wavyEdge(w, shore, h * 0.03, rand);
  let svg = `<path d="${edge} L${w},${h} L0,${h} Z" fill="url(#sand)"/>`;
  svg += `<path d="${edge}" fill="none" stroke="${foam.colour}" stroke-opacity="${foam.opacity}" stroke-width="${n(Math.max(1, h * foam.width))}"/>`;
  if (rand() < 0.7) {
    const left = rand() < 0.5;
    svg += palm(left ? w * (0.04 + rand() * 0.1) : w * (0.86 + rand() * 0.1), h * (0.98 + rand() * 0.05), h * (0.55 + rand() * 0.25), left ? 1 : -1, palmColour, rand);
  }
  return svg;
}

/** A top-to-bottom linear gradient through `stops` ([offset, colour]). */
function downwardGradient(id: string, stops: Array<[offset: number, colour: string]>): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops.map(([offset, colour]) => `<stop offset="${offset}" stop-color="${colour}"/>`).join('')}</linearGradient>`;
}

/**
 * A beach's start: the gradients its parts fill with (`sky`, `sea`, `sand`, the sun's `glow`), the
 * sky down to the horizon, and the sun in its glow. The rest is drawn over it.
 */
function beachSkyAndSun(
  w: number,
  horizon: number,
  look: {
    sky: Array<[offset: number, colour: string]>;
    sea: [top: string, bottom: string];
    sand: [top: string, bottom: string];
    glow: { from: string; opacity: number; to: string; radius: number };
    sun: { x: number; y: number; radius: number; colour: string };
  },
): string {
  const { sky, sea, sand, glow, sun } = look;
  return (
    `<defs>` +
    downwardGradient('sky', sky) +
    downwardGradient('sea', [[0, sea[0]], [1, sea[1]]]) +
    downwardGradient('sand', [[0, sand[0]], [1, sand[1]]]) +
    `<radialGradient id="glow"><stop offset="0" stop-color="${glow.from}" stop-opacity="${glow.opacity}"/><stop offset="1" stop-color="${glow.to}" stop-opacity="0"/></radialGradient>` +
    `</defs>` +
    `<rect width="${w}" height="${n(horizon)}" fill="url(#sky)"/>` +
    `<circle cx="${n(sun.x)}" cy="${n(sun.y)}" r="${n(glow.radius)}" fill="url(#glow)"/>` +
    `<circle cx="${n(sun.x)}" cy="${n(sun.y)}" r="${n(sun.radius)}" fill="${sun.colour}"/>`
  );
}

function beachAtSunset(w: number, h: number, rand: () => number): string {
  const horizon = h * (0.56 + rand() * 0.08);
  const shore = horizon + h * (0.12 + rand() * 0.06);
  // Off to one side, where the person is less likely to hide it.
  const sunX = w * (rand() < 0.5 ? 0.1 + rand() * 0.22 : 0.68 + rand() * 0.22);
  const sunR = h * (0.055 + rand() * 0.035);
  const sunY = horizon - sunR * (0.1 + rand() * 0.9);
  const hueShift = (rand() - 0.5) * 30;
  const sky = [
    [43 + hueShift * 0.3, 16, 85],
    [213, 51 + hueShift * 0.5, 105 - hueShift],
    [255, 140 + hueShift, 66],
    [255, 210, 138],
  ] as const;
  let svg = beachSkyAndSun(w, horizon, {
    sky: [[0, hex(sky[0])], [0.55, hex(sky[1])], [0.85, hex(sky[2])], [1, hex(sky[3])]],
    sea: ['#8a4a86', '#1d2b5a'],
    sand: ['#e9b27a', '#a8683f'],
    glow: { from: '#ffe6a0', opacity: 0.85, to: '#ff9a4a', radius: sunR * 4.5 },
    sun: { x: sunX, y: sunY, radius: sunR, colour: '#ffd45e' },
  });
  // Thin clouds lit from below.
  const clouds = 3 + Math.floor(rand() * 4);
  for (let i = 0; i < clouds; i++) {
    const cy = horizon * (0.15 + rand() * 0.6);
    svg += `<ellipse cx="${n(rand() * w)}" cy="${n(cy)}" rx="${n(w * (0.08 + rand() * 0.14))}" ry="${n(h * (0.006 + rand() * 0.014))}" fill="#ff9fb3" fill-opacity="${n(0.3 + rand() * 0.35)}"/>`;
  }
  // Birds.
  const birds = Math.floor(rand() * 5);
  for (let i = 0; i < birds; i++) {
    const bx = rand() * w;
    const by = horizon * (0.2 + rand() * 0.45);
    const s = h * (0.008 + rand() * 0.008);
    svg += `<path d="M${n(bx - s)},${n(by - s * 0.4)} Q${n(bx - s * 0.5)},${n(by - s * 0.6)} ${n(bx)},${n(by)} Q${n(bx + s * 0.5)},${n(by - s * 0.6)} ${n(bx + s)},${n(by - s * 0.4)}" fill="none" stroke="#2a1430" stroke-width="${n(Math.max(1, s * 0.18))}"/>`;
  }
  // The sea, with the sun's path on it.
  svg += `<rect y="${n(horizon)}" width="${w}" height="${n(h - horizon)}" fill="url(#sea)"/>`;
  for (let y = horizon + h * 0.006; y < shore; y += h * (0.008 + rand() * 0.01)) {
    const spread = sunR * (0.6 + ((y - horizon) / (shore - horizon)) * 1.6) * (0.6 + rand() * 0.6);
    svg += `<rect x="${n(sunX - spread + (rand() - 0.5) * sunR * 0.4)}" y="${n(y)}" width="${n(spread * 2)}" height="${n(Math.max(1, h * 0.003))}" fill="#ffc86b" fill-opacity="${n(0.35 + rand() * 0.4)}"/>`;
  }
  return svg + sandAndPalm(w, h, shore, { colour: '#ffe9d6', opacity: 0.55, width: 0.004 }, '#2a1430', rand);
}

function beachByDay(w: number, h: number, rand: () => number): string {
  const horizon = h * (0.5 + rand() * 0.1);
  const shore = horizon + h * (0.14 + rand() * 0.06);
  const sunX = w * (rand() < 0.5 ? 0.08 + rand() * 0.2 : 0.72 + rand() * 0.2);
  const sunY = h * (0.08 + rand() * 0.12);
  let svg = beachSkyAndSun(w, horizon, {
    sky: [[0, '#2f86d6'], [1, '#bfe6ff']],
    sea: ['#1a7fb0', '#22c1c9'],
    sand: ['#f6e2b8', '#dcb67f'],
    glow: { from: '#ffffff', opacity: 0.9, to: '#ffffff', radius: h * 0.2 },
    sun: { x: sunX, y: sunY, radius: h * 0.045, colour: '#fffbe6' },
  });
  // Fluffy clouds: a few overlapping ellipses each.
  const clouds = 2 + Math.floor(rand() * 4);
  for (let i = 0; i < clouds; i++) {
    const cx = rand() * w;
    const cy = horizon * (0.15 + rand() * 0.55);
    const s = h * (0.03 + rand() * 0.03);
    for (let k = 0; k < 4; k++) {
      svg += `<ellipse cx="${n(cx + (k - 1.5) * s * 1.1)}" cy="${n(cy + (k % 2 ? -s * 0.35 : 0))}" rx="${n(s * (1.1 + rand() * 0.5))}" ry="${n(s * (0.6 + rand() * 0.3))}" fill="#ffffff" fill-opacity="0.85"/>`;
    }
  }
  svg += `<rect y="${n(horizon)}" width="${w}" height="${n(h - horizon)}" fill="url(#sea)"/>`;
  // Glints on the water.
  const glints = 20 + Math.floor(rand() * 20);
  for (let i = 0; i < glints; i++) {
    const y = horizon + rand() * (shore - horizon);
    svg += `<rect x="${n(rand() * w)}" y="${n(y)}" width="${n(w * (0.01 + rand() * 0.03))}" height="${n(Math.max(1, h * 0.003))}" fill="#e8fbff" fill-opacity="${n(0.3 + rand() * 0.4)}"/>`;
  }
  return svg + sandAndPalm(w, h, shore, { colour: '#ffffff', opacity: 0.8, width: 0.006 }, '#2f5d34', rand);
}

/** A ridge of peaks from the left edge to the right around height y. */
function ridge(w: number, h: number, y: number, height: number, peaks: number, rand: () => number): string {
  let d = `M0,${n(y)}`;
  const step = w / peaks;
  for (let i = 0; i < peaks; i++) {
    const x0 = i * step;
    d += ` L${n(x0 + step * (0.35 + rand() * 0.3))},${n(y - height * (0.45 + rand() * 0.55))} L${n(x0 + step)},${n(y - height * rand() * 0.25)}`;
  }
  return `${d} L${w},${h} L0,${h} Z`;
}

function pine(x: number, ground: number, size: number): string {
  const wdt = size * 0.42;
  let svg = `<rect x="${n(x - size * 0.03)}" y="${n(ground - size * 0.12)}" width="${n(size * 0.06)}" height="${n(size * 0.12)}" fill="#4a3526"/>`;
  for (let k = 0; k < 3; k++) {
    const top = ground - size * (1 - k * 0.25);
    const bottom = ground - size * (0.45 - k * 0.15);
    const half = wdt * (0.55 + k * 0.22);
    svg += `<path d="M${n(x)},${n(top)} L${n(x + half)},${n(bottom)} L${n(x - half)},${n(bottom)} Z" fill="#24463a"/>`;
    svg += `<path d="M${n(x)},${n(top)} L${n(x + half * 0.45)},${n(top + (bottom - top) * 0.45)} L${n(x - half * 0.45)},${n(top + (bottom - top) * 0.45)} Z" fill="#f4f8fb" fill-opacity="0.9"/>`;
  }
  return svg;
}

function snowyLandscape(w: number, h: number, rand: () => number): string {
  const ground = h * (0.62 + rand() * 0.08);
  const overcast = rand() < 0.5;
  let svg =
    `<defs>` +
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${overcast ? '#8fa6bd' : '#5f9bd6'}"/><stop offset="1" stop-color="${overcast ? '#e4ebf2' : '#dcebf7'}"/></linearGradient>` +
    `<linearGradient id="far" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="0.35" stop-color="#dfe8f1"/><stop offset="1" stop-color="#a9bccf"/></linearGradient>` +
    `<linearGradient id="near" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7fafc"/><stop offset="1" stop-color="#cfdbe6"/></linearGradient>` +
    `<linearGradient id="field" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#dbe5ee"/></linearGradient>` +
    `</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
    `<path d="${ridge(w, h, ground - h * 0.08, h * (0.25 + rand() * 0.15), 3 + Math.floor(rand() * 3), rand)}" fill="url(#far)"/>` +
    `<path d="${ridge(w, h, ground - h * 0.01, h * (0.1 + rand() * 0.08), 5 + Math.floor(rand() * 4), rand)}" fill="url(#near)"/>` +
    `<path d="${wavyEdge(w, ground, h * 0.03, rand, 3)} L${w},${h} L0,${h} Z" fill="url(#field)"/>`;
  // Pines along the field's edge, farther ones smaller.
  const trees = 4 + Math.floor(rand() * 8);
  const placed: Array<[number, number, number]> = [];
  for (let i = 0; i < trees; i++) {
    const depth = rand();
    placed.push([rand() * w, ground + depth * h * 0.12, h * (0.08 + depth * 0.22)]);
  }
  placed.sort((a, b) => a[1] - b[1]);
  for (const [x, y, s] of placed) svg += pine(x, y, s);
  // Falling snow: flakes of three sizes.
  const unit = Math.max(w, h) / 1000;
  const flakes = Math.round((w * h) / (unit * unit * 900));
  for (let i = 0; i < flakes; i++) {
    const layer = rand();
    const r = unit * (layer < 0.6 ? 1.2 + rand() : layer < 0.9 ? 2.2 + rand() * 1.5 : 3.6 + rand() * 2.4);
    svg += `<circle cx="${n(rand() * w)}" cy="${n(rand() * h)}" r="${n(r)}" fill="#ffffff" fill-opacity="${n(0.55 + rand() * 0.4)}"/>`;
  }
  return svg;
}

function cityAtNight(w: number, h: number, rand: () => number): string {
  const street = h * (0.86 + rand() * 0.06);
  let svg =
    `<defs>` +
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#050a1f"/><stop offset="0.6" stop-color="#18224d"/><stop offset="1" stop-color="#4a3f7a"/></linearGradient>` +
    `<radialGradient id="moonglow"><stop offset="0" stop-color="#fdf6d8" stop-opacity="0.45"/><stop offset="1" stop-color="#fdf6d8" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff9d5c" stop-opacity="0"/><stop offset="1" stop-color="#ff9d5c" stop-opacity="0.35"/></linearGradient>` +
    `</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  // Stars in the upper sky.
  const stars = 60 + Math.floor(rand() * 120);
  for (let i = 0; i < stars; i++) {
    svg += `<circle cx="${n(rand() * w)}" cy="${n(rand() * h * 0.55)}" r="${n(Math.max(0.6, h * (0.0012 + rand() * 0.002)))}" fill="#ffffff" fill-opacity="${n(0.35 + rand() * 0.6)}"/>`;
  }
  // The moon: a crescent (a disc with a disc of sky over it) or a full one.
  const moonX = w * (0.1 + rand() * 0.8);
  const moonY = h * (0.08 + rand() * 0.17);
  const moonR = h * (0.035 + rand() * 0.02);
  svg += `<circle cx="${n(moonX)}" cy="${n(moonY)}" r="${n(moonR * 4)}" fill="url(#moonglow)"/><circle cx="${n(moonX)}" cy="${n(moonY)}" r="${n(moonR)}" fill="#fdf6d8"/>`;
  if (rand() < 0.6) svg += `<circle cx="${n(moonX + moonR * 0.45)}" cy="${n(moonY - moonR * 0.2)}" r="${n(moonR * 0.9)}" fill="#0a1230"/>`;
  // Two rows of buildings: the far row paler, the near row darker, with lit windows.
  for (const [row, shade, maxH, lit] of [
    [0, '#1b2247', 0.6, 0.25],
    [1, '#0c1129', 0.45, 0.4],
  ] as const) {
    let x = -rand() * w * 0.05;
    while (x < w) {
      const bw = w * (0.04 + rand() * 0.07);
      const bh = h * (0.15 + rand() * maxH);
      const top = street - bh + row * h * 0.04;
      svg += `<rect x="${n(x)}" y="${n(top)}" width="${n(bw)}" height="${n(street - top + h)}" fill="${shade}"/>`;
      if (rand() < 0.25) svg += `<rect x="${n(x + bw * 0.45)}" y="${n(top - bh * 0.12)}" width="${n(Math.max(1, bw * 0.05))}" height="${n(bh * 0.12)}" fill="${shade}"/>`;
      const win = Math.max(2, bw * 0.09);
      const gap = win * 0.9;
      for (let wy = top + gap; wy < street - win; wy += win + gap) {
        for (let wx = x + gap; wx < x + bw - win; wx += win + gap) {
          if (rand() < lit) {
            const warm = rand() < 0.8;
            svg += `<rect x="${n(wx)}" y="${n(wy)}" width="${n(win)}" height="${n(win * 1.3)}" fill="${warm ? '#ffd98a' : '#9fd8ff'}" fill-opacity="${n(0.55 + rand() * 0.45)}"/>`;
          }
        }
      }
      x += bw + w * rand() * 0.01;
    }
  }
  // The glow of the street.
  svg += `<rect y="${n(street - h * 0.25)}" width="${w}" height="${n(h * 0.25)}" fill="url(#haze)"/>`;
  svg += `<rect y="${n(street)}" width="${w}" height="${n(h - street)}" fill="#0a0d1c"/>`;
  return svg;
}
