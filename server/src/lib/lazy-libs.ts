// Libraries only some requests use (PDFs, spreadsheets, Word files, the worker threads that read them),
// loaded at their first use: imported at start they made up about 0.7 s of the server's start-up
// (bench/PERFORMANCE.md, "Start-up"). The first PDF, workbook or Word import after a start pays for the
// loading once (in the worker thread that does the work: the pool itself is all the main thread loads).

export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((err) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}

export const loadPdfLib = once(() => import('@cantoo/pdf-lib'));
export const loadFontkit = once(async () => (await import('@cantoo/fontkit')).default);
export const loadExcelJs = once(async () => (await import('exceljs')).default);
export const loadMammoth = once(async () => (await import('mammoth')).default);
export const loadYauzl = once(async () => (await import('yauzl')).default);
export const loadSharp = once(async () => (await import('sharp')).default);
export const loadPiscina = once(async () => (await import('piscina')).Piscina);

export type PdfLib = Awaited<ReturnType<typeof loadPdfLib>>;
