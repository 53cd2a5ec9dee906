import type { ImportDryRun, ImportResult } from '@app/common/schemas/users';
import { IMPORT_COLUMNS } from '@app/common/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { AdminPage } from '../../components/admin-page.tsx';
import { Badge } from '../../components/badge.tsx';
import { type Column, DataTable } from '../../components/data-table.tsx';
import { buttonClass, FormAlert } from '../../components/field.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { uploadStudentSheet } from './api/import-students.ts';

type Row = ImportDryRun['rows'][number];
const statusBadge = (r: Row) => <Badge tone={r.status === 'ok' ? 'green' : 'red'}>{r.status === 'ok' ? 'OK' : 'Error'}</Badge>;
const rowColumns: Column<Row>[] = [
  { header: 'Row', cell: (r) => r.row, hideInCard: true },
  { header: 'Status', cell: statusBadge, hideInCard: true },
  { header: 'Message', cell: (r) => r.message },
];

/** /admin/students/import: a spreadsheet of enrolled students, checked first (dry run), then imported. */
export default function ImportStudentsPage() {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<ImportDryRun | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const qc = useQueryClient();
  const dryRun = useMutation({
    mutationFn: (f: File) => uploadStudentSheet(f, true) as Promise<ImportDryRun>,
    onSuccess: (r) => {
      setChecked(r);
      setResult(null);
    },
  });
  const run = useMutation({
    mutationFn: (f: File) => uploadStudentSheet(f, false) as Promise<ImportResult>,
    onSuccess: (r) => {
      setResult(r);
      toast.success(`${r.created} student${r.created === 1 ? '' : 's'} imported`);
      return Promise.all([qc.invalidateQueries({ queryKey: ['students'] }), qc.invalidateQueries({ queryKey: ['batches'] })]);
    },
  });
  const rows = result?.rows ?? checked?.rows ?? [];
  const error = dryRun.error ?? run.error;
  return (
    <AdminPage title="Import Students" back="/admin/students" backLabel="Back to students">
      <div className="rounded-xl bg-white p-5 shadow-sm">
        <p className="text-sm text-slate-700">
          An .xlsx or .csv file with the columns <code>{IMPORT_COLUMNS.join(', ')}</code>. Course and batch by name, centre by its id
          (dumdum, kasba, shrirampur); the registration number is optional. Check the file first: nothing is created until you press Import.
        </p>
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
              Spreadsheet
            </label>
            <input
              id={inputId}
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setChecked(null);
                setResult(null);
                dryRun.reset();
                run.reset();
              }}
              className="text-sm"
            />
          </div>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={!file || dryRun.isPending}
            onClick={() => file && dryRun.mutate(file)}
          >
            {dryRun.isPending ? 'Checking...' : 'Check file'}
          </button>
          <button
            type="button"
            className={buttonClass.primary}
            disabled={!file || !checked || checked.ok === 0 || run.isPending || result !== null}
            onClick={() => file && run.mutate(file)}
          >
            <Upload aria-hidden="true" className="h-4 w-4" /> {run.isPending ? 'Importing...' : `Import${checked ? ` ${checked.ok}` : ''}`}
          </button>
        </div>
        {error && (
          <div className="mt-4">
            <FormAlert>{errorMessage(error, 'Could not read the file.')}</FormAlert>
          </div>
        )}
        {checked && !result && (
          <p className="mt-4 text-sm font-medium" aria-live="polite">
            {checked.ok} row{checked.ok === 1 ? '' : 's'} ready, {checked.errors} with an error (skipped on import).
          </p>
        )}
        {result && (
          <div className="mt-4">
            <FormAlert tone="success">
              {result.created} created, {result.skipped} skipped. Each student was e-mailed their credentials.
            </FormAlert>
          </div>
        )}
      </div>
      {rows.length > 0 && (
        <div className="mt-4">
          <DataTable
            rows={rows}
            rowKey={(r) => String(r.row)}
            columns={rowColumns}
            caption="Rows of the file"
            cardTitle={(r) => <p className="font-semibold text-slate-900">Row {r.row}</p>}
            cardBadge={statusBadge}
          />
        </div>
      )}
    </AdminPage>
  );
}
