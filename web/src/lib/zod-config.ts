// Zod probes for `new Function` to compile fast parsers; under our CSP (no 'unsafe-eval') the browser
// reports that probe as a violation even though zod catches it. So zod runs without it ("jitless"; the
// forms are small). This is `z.config({ jitless: true })` without pulling zod into the entry chunk: zod
// keeps its settings in this global and adopts an existing one when it loads (zod/v4/core/core.js).
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
