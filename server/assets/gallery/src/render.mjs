// Renders the gallery's SVG sources to 1200x800 JPEGs and writes manifest.json.
// Usage (from the repo root): node server/assets/gallery/src/render.mjs [name ...]
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const srcDir = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(srcDir, "..");

const WIDTH = 1200;
const HEIGHT = 800;
const QUALITY = 82;

/** Gallery entries, in display order (category order, then index). */
const entries = [
  { name: "academic-1", category: "Academic", title: "Law books and the scales of justice" },
  { name: "academic-2", category: "Academic", title: "Moot court procedure on the whiteboard" },
  { name: "academic-3", category: "Academic", title: "Reference library and reading desk" },
  { name: "faculty-1", category: "Faculty", title: "Constitutional law lecture" },
  { name: "faculty-2", category: "Faculty", title: "Faculty panel discussion" },
  { name: "faculty-3", category: "Faculty", title: "One-to-one mentoring session" },
  { name: "students-1", category: "Students", title: "Focused study hours" },
  { name: "students-2", category: "Students", title: "Group discussion on a case study" },
  { name: "students-3", category: "Students", title: "Online mock tests in the computer lab" },
  { name: "events-1", category: "Events", title: "Inter-batch moot court competition" },
  { name: "events-2", category: "Events", title: "Guest seminar in the main hall" },
  { name: "events-3", category: "Events", title: "Annual function celebrations" },
  { name: "achievement-1", category: "Achievement", title: "Toppers' trophy" },
  { name: "achievement-2", category: "Achievement", title: "CLAT rank certificate" },
  { name: "achievement-3", category: "Achievement", title: "Graduation day" },
];

const only = new Set(process.argv.slice(2));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

try {
  const page = await browser.newPage({
    viewport: { width: WIDTH, height: HEIGHT },
    deviceScaleFactor: 1,
  });
  for (const { name } of entries) {
    if (only.size > 0 && !only.has(name)) continue;
    const svg = await readFile(path.join(srcDir, `${name}.svg`), "utf8");
    const html = `<!doctype html><html><head><style>html,body{margin:0;padding:0;overflow:hidden;background:#fff}svg{display:block;width:${WIDTH}px;height:${HEIGHT}px}</style></head><body>${svg}</body></html>`;
    await page.setContent(html, { waitUntil: "load" });
    const buffer = await page.screenshot({
      type: "jpeg",
      quality: QUALITY,
      clip: { x: 0, y: 0, width: WIDTH, height: HEIGHT },
    });
    const file = path.join(outDir, `${name}.jpg`);
    await writeFile(file, buffer);
    console.log(`${name}.jpg  ${(buffer.length / 1024).toFixed(1)} KB`);
  }
} finally {
  await browser.close();
}

const manifest = entries.map(({ name, title, category }) => ({
  file: `${name}.jpg`,
  title,
  category,
}));
await writeFile(path.join(outDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`manifest.json  ${manifest.length} entries`);
