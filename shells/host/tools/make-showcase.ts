/**
 * Renders the 8 landing showcase pictures (abstract SVG art -> 512x512 WebP) into public/showcase.
 * Run once and commit the output: `node shells/host/tools/make-showcase.ts`.
 * Uses the sharp that the API already installs, so the host gains no dependency.
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../../api/package.json', import.meta.url));
const sharp = require('sharp') as typeof import('sharp');

const SIZE = 512;
const outDir = new URL('../public/showcase/', import.meta.url);

/** Deterministic pseudo-random numbers so reruns give the same pictures. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

const svg = (defs: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 512 512"><defs>${defs}` +
  `<filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" seed="3"/><feColorMatrix values="0 0 0 0 0.5 0 0 0 0 0.5 0 0 0 0 0.5 0 0 0 0.1 0"/></filter>` +
  `<filter id="blur8" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="8"/></filter><filter id="blur20" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="20"/></filter></defs>` +
  `${body}<rect width="512" height="512" filter="url(#grain)"/></svg>`;

const grad = (id: string, stops: string[], x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops.map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`).join('')}</linearGradient>`;

function dunes() {
  const layers = [
    ['#f4a261', 'M0 330 C120 280 220 350 330 300 S470 260 512 290 V512 H0Z'],
    ['#e76f51', 'M0 380 C90 340 200 400 300 360 S450 330 512 360 V512 H0Z'],
    ['#9d4e5f', 'M0 430 C140 390 260 450 380 410 S480 400 512 420 V512 H0Z'],
    ['#5a2a4f', 'M0 475 C120 450 260 490 400 465 S490 460 512 470 V512 H0Z'],
  ];
  return svg(
    grad('sky', ['#2b1a4a', '#b5487a', '#f7a35c', '#fde2a7']),
    `<rect width="512" height="512" fill="url(#sky)"/><circle cx="330" cy="270" r="70" fill="#fff1c9" opacity="0.95"/>` +
      `<circle cx="330" cy="270" r="110" fill="#ffd58a" opacity="0.35" filter="url(#blur20)"/>` +
      layers.map(([c, d]) => `<path d="${d}" fill="${c}"/>`).join(''),
  );
}

function jellyfish() {
  const r = rng(7);
  const jelly = (x: number, y: number, s: number, c: string) =>
    `<g transform="translate(${x} ${y}) scale(${s})" opacity="0.9"><ellipse rx="60" ry="40" cy="0" fill="${c}" filter="url(#blur20)" opacity="0.6"/>` +
    `<path d="M-55 0 A55 45 0 0 1 55 0 Q0 14 -55 0Z" fill="${c}" opacity="0.85"/>` +
    [-36, -14, 8, 30]
      .map(
        (tx) => `<path d="M${tx} 6 q10 30 -4 60 t4 60" stroke="${c}" stroke-width="3" fill="none" opacity="0.6" stroke-linecap="round"/>`,
      )
      .join('') +
    '</g>';
  const dots = Array.from(
    { length: 60 },
    () => `<circle cx="${r() * 512}" cy="${r() * 512}" r="${r() * 2 + 0.5}" fill="#a5f3fc" opacity="${r() * 0.6 + 0.2}"/>`,
  );
  return svg(
    '<radialGradient id="deep" cx="0.5" cy="0.3" r="0.9"><stop offset="0" stop-color="#0e4a7a"/><stop offset="0.6" stop-color="#061a3a"/><stop offset="1" stop-color="#020817"/></radialGradient>',
    `<rect width="512" height="512" fill="url(#deep)"/>${dots.join('')}${jelly(180, 190, 1.3, '#f0abfc')}${jelly(360, 300, 0.9, '#67e8f9')}${jelly(300, 120, 0.6, '#c4b5fd')}`,
  );
}

function aurora() {
  const r = rng(11);
  const stars = Array.from(
    { length: 90 },
    () => `<circle cx="${r() * 512}" cy="${r() * 300}" r="${r() * 1.4 + 0.3}" fill="#fff" opacity="${r() * 0.8 + 0.2}"/>`,
  );
  return svg(
    grad('night', ['#030712', '#0b1f3a', '#123a52']),
    `<rect width="512" height="512" fill="url(#night)"/>${stars.join('')}` +
      `<path d="M-20 200 C100 80 220 260 330 140 S500 120 540 60" stroke="#34d399" stroke-width="46" fill="none" opacity="0.75" filter="url(#blur20)"/>` +
      `<path d="M-20 250 C120 150 240 300 360 190 S500 170 540 130" stroke="#a78bfa" stroke-width="30" fill="none" opacity="0.55" filter="url(#blur20)"/>` +
      `<path d="M0 360 L110 280 L190 340 L280 250 L380 330 L450 290 L512 330 V512 H0Z" fill="#cbd5e1"/>` +
      `<path d="M0 400 C150 370 300 420 512 380 V512 H0Z" fill="#e2e8f0"/><path d="M0 450 C180 430 330 470 512 440 V512 H0Z" fill="#f8fafc"/>`,
  );
}

function spheres() {
  const ball = (cx: number, cy: number, rad: number, a: string, b: string) =>
    `<ellipse cx="${cx + rad * 0.2}" cy="${cy + rad * 1.05}" rx="${rad * 0.8}" ry="${rad * 0.18}" fill="#6b5b95" opacity="0.18" filter="url(#blur8)"/>` +
    `<radialGradient id="b${cx}" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="#fff"/><stop offset="0.35" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></radialGradient>` +
    `<circle cx="${cx}" cy="${cy}" r="${rad}" fill="url(#b${cx})" opacity="0.92"/>`;
  return svg(
    grad('pastel', ['#fde4f2', '#e9e4ff', '#d6f0ff'], 1, 1),
    `<rect width="512" height="512" fill="url(#pastel)"/>${ball(180, 220, 95, '#f9a8d4', '#a78bfa')}${ball(350, 170, 60, '#93c5fd', '#6366f1')}` +
      `${ball(330, 350, 75, '#fde68a', '#f472b6')}${ball(120, 390, 40, '#a7f3d0', '#38bdf8')}`,
  );
}

function neonCity() {
  const r = rng(5);
  const towers = Array.from({ length: 16 }, (_, i) => {
    const w = 24 + r() * 20;
    const h = 40 + r() * 120;
    return `<rect x="${i * 33 - 6}" y="${300 - h}" width="${w}" height="${h}" fill="#1e1038"/>`;
  });
  const grid = [
    ...Array.from({ length: 9 }, (_, i) => `<line x1="0" y1="${300 + i * i * 3 + i * 6}" x2="512" y2="${300 + i * i * 3 + i * 6}"/>`),
    ...Array.from({ length: 17 }, (_, i) => `<line x1="256" y1="300" x2="${(i - 8) * 90 + 256}" y2="512"/>`),
  ];
  return svg(
    grad('dusk', ['#12002b', '#4c0d6b', '#d6336c', '#ff9e64']) + grad('sun', ['#ffe66d', '#ff6b9d']),
    `<rect width="512" height="300" fill="url(#dusk)"/><circle cx="256" cy="230" r="100" fill="url(#sun)"/>` +
      [0, 1, 2, 3, 4].map((i) => `<rect x="150" y="${235 + i * 14}" width="212" height="${3 + i}" fill="#4c0d6b"/>`).join('') +
      `${towers.join('')}<rect y="300" width="512" height="212" fill="#0d0221"/>` +
      `<g stroke="#ff2fd3" stroke-width="1.6" opacity="0.85">${grid.join('')}</g><rect y="296" width="512" height="8" fill="#ff2fd3" opacity="0.6" filter="url(#blur8)"/>`,
  );
}

function paperForest() {
  const hill = (y: number, amp: number, c: string, phase: number) => {
    const pts = Array.from({ length: 9 }, (_, i) => `${i * 64},${y + Math.sin(i * 1.3 + phase) * amp}`).join(' L');
    return `<path d="M0 512 L${pts} L512 512Z" fill="${c}" filter="url(#shadow)"/>`;
  };
  const trees = (y: number, c: string, seed: number) => {
    const r = rng(seed);
    return Array.from({ length: 9 }, (_, i) => {
      const x = i * 60 + r() * 30;
      const h = 50 + r() * 40;
      return `<path d="M${x} ${y - h} L${x + 18} ${y} L${x - 18} ${y}Z" fill="${c}" filter="url(#shadow)"/>`;
    }).join('');
  };
  return svg(
    `${grad('mist', ['#fef9e7', '#e3f2e1', '#c7e6cf'])}<filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="-4" stdDeviation="5" flood-color="#0b3d2e" flood-opacity="0.35"/></filter>`,
    `<rect width="512" height="512" fill="url(#mist)"/><circle cx="380" cy="120" r="46" fill="#fff7d6"/>` +
      `${hill(250, 22, '#a7d7a9', 0)}${trees(300, '#6fbf7f', 3)}${hill(320, 26, '#5aa469', 1)}${trees(380, '#3d8b56', 9)}` +
      `${hill(390, 20, '#2f7a4a', 2)}<rect y="330" width="512" height="60" fill="#fff" opacity="0.25" filter="url(#blur20)"/>${hill(450, 16, '#1f5c3a', 3)}`,
  );
}

function goldenSea() {
  const r = rng(21);
  const waves = Array.from({ length: 26 }, (_, i) => {
    const y = 300 + i * 8 + r() * 4;
    const x = r() * 400;
    return `<path d="M${x} ${y} q20 -6 40 0 t40 0" stroke="${i % 3 ? '#ffd59e' : '#fff4d6'}" stroke-width="${1.5 + i * 0.12}" fill="none" opacity="${0.5 + r() * 0.4}" stroke-linecap="round"/>`;
  });
  return svg(
    grad('gold', ['#5b3a8c', '#e07a5f', '#f6bd60', '#fbe7c6']) + grad('sea', ['#f2a65a', '#8d5a97', '#2e2a5a']),
    `<rect width="512" height="300" fill="url(#gold)"/><circle cx="256" cy="280" r="58" fill="#fff3c4"/>` +
      `<circle cx="256" cy="280" r="120" fill="#ffd27f" opacity="0.35" filter="url(#blur20)"/><rect y="296" width="512" height="216" fill="url(#sea)"/>` +
      `<rect x="206" y="300" width="100" height="200" fill="#ffe7a8" opacity="0.35" filter="url(#blur20)"/>${waves.join('')}`,
  );
}

function mosaic() {
  const r = rng(42);
  const palette = ['#ff6b6b', '#ffd93d', '#6bcB77', '#4d96ff', '#ff9f1c', '#f15bb5', '#00bbf9', '#9b5de5', '#fee440', '#2ec4b6'];
  const cell = 64;
  const tiles: string[] = [];
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++) {
      const [a, b] = [palette[Math.floor(r() * palette.length)], palette[Math.floor(r() * palette.length)]];
      const [x0, y0, x1, y1] = [x * cell, y * cell, x * cell + cell, y * cell + cell];
      tiles.push(
        r() > 0.5
          ? `<path d="M${x0} ${y0}H${x1}V${y1}Z" fill="${a}"/><path d="M${x0} ${y0}V${y1}H${x1}Z" fill="${b}"/>`
          : `<path d="M${x1} ${y0}H${x0}V${y1}Z" fill="${a}"/><path d="M${x1} ${y0}V${y1}H${x0}Z" fill="${b}"/>`,
      );
      if (r() > 0.8) tiles.push(`<circle cx="${x0 + 32}" cy="${y0 + 32}" r="18" fill="#fffaf0" opacity="0.9"/>`);
    }
  return svg(
    '',
    `<rect width="512" height="512" fill="#fffaf0"/>${tiles.join('')}<g stroke="#fffaf0" stroke-width="4">${Array.from({ length: 9 }, (_, i) => `<line x1="${i * 64}" y1="0" x2="${i * 64}" y2="512"/><line x1="0" y1="${i * 64}" x2="512" y2="${i * 64}"/>`).join('')}</g>`,
  );
}

const ART = [dunes, jellyfish, aurora, spheres, neonCity, paperForest, goldenSea, mosaic];

mkdirSync(outDir, { recursive: true });
for (const [i, draw] of ART.entries()) {
  const file = new URL(`showcase-${i + 1}.webp`, outDir);
  const info = await sharp(Buffer.from(draw())).webp({ quality: 86, effort: 6 }).toFile(file.pathname);
  console.log(`${file.pathname} ${Math.round(info.size / 1024)} KB`);
}
