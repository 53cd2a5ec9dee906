// Libraries only some requests use (PDFs, spreadsheets, Word files), loaded at their first use: imported
// at start they made up about 0.7 s of the server's start-up (docs/architecture.md, "Start-up"). The first
// PDF, workbook or Word import after a start pays for the loading once.

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

export const loadPdfLib = once(() => import('pdf-lib'));
export const loadFontkit = once(async () => (await import('@pdf-lib/fontkit')).default);
export const loadExcelJs = once(async () => (await import('exceljs')).default);
export const loadMammoth = once(async () => (await import('mammoth')).default);

export type PdfLib = Awaited<ReturnType<typeof loadPdfLib>>;
