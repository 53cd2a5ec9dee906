import { plural } from '@app/common/rules/text';
import { BANK_COLUMNS, BANK_IMPORT_MAX_BYTES, type BankDryRun, type BankImportRow } from '@app/common/schemas/question-bank';
import { Download, FileCheck2, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { AdminPage } from '../../components/admin-page.tsx';
import { Badge } from '../../components/badge.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { buttonClass, FormAlert } from '../../components/field.tsx';
import { downloadFile, errorMessage } from '../../lib/api-client.ts';
import { useCheckImport, useImportFile } from './api/bank.ts';

const TONE = { ok: 'green', error: 'red', duplicate: 'amber' } as const;
const LABEL = { ok: 'OK', error: 'Error', duplicate: 'Duplicate' } as const;

/** A CSV cell: quoted, a formula-looking text made inert. */
const cell = (v: string | number) => {
  const s = String(v);
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** The rows that will not be imported, as a CSV file the admin keeps to fix the source file. */
function downloadErrorReport(rows: BankImportRow[], fileName: string) {
  const lines = [['row', 'status', 'message'], ...rows.filter((r) => r.status !== 'ok').map((r) => [r.row, r.status, r.message])];
  const blob = new Blob([`\ufeff${lines.map((l) => l.map(cell).join(',')).join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${fileName.replace(/\.[^.]+$/, '')}-import-errors.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const columns: Column<BankImportRow>[] = [
  { header: 'Row', className: 'w-16', cell: (r) => r.row, hideInCard: true },
  { header: 'Status', className: 'w-28', cell: (r) => <Badge tone={TONE[r.status]}>{LABEL[r.status]}</Badge>, hideInCard: true },
  { header: 'Message', cell: (r) => r.message },
];

/** /admin/question-bank/import: a dry run first, then "Import N questions" (docs/product-question-bank.md). */
export default function ImportPage() {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<{ file: File; result: BankDryRun } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const check = useCheckImport();
  const run = useImportFile();

  const onChoose = (f: File | null) => {
    setFile(f);
    setChecked(null);
    setDone(null);
    check.reset();
    run.reset();
  };
  const onCheck = () => {
    if (!file) return;
    if (file.size > BANK_IMPORT_MAX_BYTES) {
      toast.error('The file is larger than 10 MB');
      return;
    }
    check.mutate(file, { onSuccess: (result) => setChecked({ file, result }) });
  };
  const onImport = () => {
    if (!checked) return;
    run.mutate(checked.file, {
      onSuccess: (r) => {
        setDone(`Imported ${plural(r.imported, 'question')}${r.skipped ? `; ${r.skipped} skipped` : ''}.`);
        toast.success(`Imported ${plural(r.imported, 'question')}`);
        setChecked(null);
      },
    });
  };
  const template = (ext: 'csv' | 'xlsx') =>
    downloadFile(`/api/question-bank/template.${ext}`, {
      fallbackName: `question-template.${ext}`,
      failure: 'Could not download the template.',
    }).catch((e) => toast.error(errorMessage(e, 'Could not download the template.')));

  const result = checked?.result;
  return (
    <AdminPage title="Import questions" back="/admin/question-bank" backLabel="Back to the question bank">
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="grid content-start gap-4 rounded-xl bg-white p-5 shadow-sm">
          <div className="flex flex-col gap-1">
            <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
              File (.xlsx, .csv or .docx, at most 10 MB)
            </label>
            <input
              id={inputId}
              type="file"
              accept=".xlsx,.csv,.docx"
              onChange={(e) => onChoose(e.target.files?.[0] ?? null)}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={buttonClass.primary} disabled={!file || check.isPending} onClick={onCheck}>
              <FileCheck2 aria-hidden="true" className="h-5 w-5" /> {check.isPending ? 'Checking...' : 'Check file'}
            </button>
          </div>
          {check.isError && <FormAlert>{errorMessage(check.error, 'Could not check the file.')}</FormAlert>}
          {run.isError && <FormAlert>{errorMessage(run.error, 'Could not import the file.')}</FormAlert>}
          {done && <FormAlert tone="success">{done}</FormAlert>}
          {result && (
            <div className="grid gap-3">
              <p className="text-sm text-slate-700" aria-live="polite">
                Checked <strong>{checked.file.name}</strong>: {plural(result.ok, 'question')} ready, {plural(result.errors, 'error')},{' '}
                {plural(result.duplicates, 'duplicate')}. Nothing is saved until you import.
              </p>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={buttonClass.primary} disabled={result.ok === 0 || run.isPending} onClick={onImport}>
                  <Upload aria-hidden="true" className="h-5 w-5" />{' '}
                  {run.isPending ? 'Importing...' : `Import ${result.ok} question${result.ok === 1 ? '' : 's'}`}
                </button>
                {result.errors + result.duplicates > 0 && (
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    onClick={() => downloadErrorReport(result.rows, checked.file.name)}
                  >
                    <Download aria-hidden="true" className="h-5 w-5" /> Download error report (CSV)
                  </button>
                )}
              </div>
              <DataTable
                rows={result.rows}
                rowKey={(r) => String(r.row)}
                columns={columns}
                caption="Rows of the file"
                cardTitle={(r) => <p className="font-semibold text-slate-900">Row {r.row}</p>}
                cardBadge={(r) => <Badge tone={TONE[r.status]}>{LABEL[r.status]}</Badge>}
                rowClassName={(r) => (r.status === 'error' ? 'bg-red-50' : r.status === 'duplicate' ? 'bg-amber-50' : '')}
              />
            </div>
          )}
        </div>
        <aside className="grid content-start gap-4 rounded-xl bg-white p-5 text-sm text-slate-700 shadow-sm">
          <h2 className="text-lg font-bold text-brand-800">Templates and samples</h2>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={buttonClass.secondary} onClick={() => template('xlsx')}>
              <Download aria-hidden="true" className="h-4 w-4" /> Template (.xlsx)
            </button>
            <button type="button" className={buttonClass.secondary} onClick={() => template('csv')}>
              <Download aria-hidden="true" className="h-4 w-4" /> Template (.csv)
            </button>
          </div>
          <div className="flex flex-wrap gap-2">
            <a className={buttonClass.secondary} href="/samples/question-bank-sample.xlsx" download>
              <Download aria-hidden="true" className="h-4 w-4" /> Sample workbook
            </a>
            <a className={buttonClass.secondary} href="/samples/question-bank-sample.docx" download>
              <Download aria-hidden="true" className="h-4 w-4" /> Sample Word file
            </a>
          </div>
          <h3 className="font-semibold text-slate-900">Workbook and CSV</h3>
          <p>
            Columns: <span className="break-words font-mono text-xs">{BANK_COLUMNS.join(', ')}</span>. One question per row; answer is A, B,
            C or D; rows with the same passage_ref share one passage.
          </p>
          <h3 className="font-semibold text-slate-900">Word</h3>
          <ul className="list-disc space-y-1 pl-5">
            <li>"Section:", "Topic:", "Difficulty:" and "Source:" lines apply to the questions after them.</li>
            <li>"Passage:" starts a passage for the questions that follow, until the next passage, section or "End of passage".</li>
            <li>Questions are numbered "1.", options are "(a)" to "(d)", then "Answer: (b)" and "Explanation: ...".</li>
          </ul>
        </aside>
      </div>
    </AdminPage>
  );
}
